import { createHash, randomBytes, randomUUID } from "node:crypto";
import { canonicalDocument, proposalTotals, type ProposalContent } from "~/lib/proposals";
import { database } from "./database";
import type { ServerInfo } from "./server";

// Proposals in the matrix's world (decision 0093), written straight into the tables as sending
// would leave them: one sent to each company (the portal's page), and one declined lead proposal
// whose only link was already opened (the mail's link route answers "used" to everyone, and a new
// link is never mailed for a decided proposal, so posting "Mail me a new link" changes nothing).

const CONTENT = {
  title: "Matrix proposal",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "Matrix scope." }],
  phases: [{ title: "Build", description: "", dueInDays: 30 }],
  items: [{ id: "build", description: "Build", quantityMilli: 1000, unitPrice: 10_000, taxRateBp: 2000, optional: false, included: true }],
  depositBp: 3000,
  validUntil: "2099-12-31",
  terms: "",
};

async function insertProposal(server: ServerInfo, fields: { companyId: string | null; status: string }): Promise<string> {
  const db = database(server);
  const id = randomUUID();
  const now = Date.now();
  const content = JSON.stringify(CONTENT);
  await db
    .insertInto("proposals")
    .values({
      id,
      leadId: null,
      companyId: fields.companyId,
      clientName: "Matrix client",
      clientEmail: `matrix-${id.slice(0, 8)}@example.com`,
      ownerId: null,
      status: fields.status,
      draft: content,
      sentVersion: 1,
      version: 3,
      sentAt: now,
      firstViewedAt: null,
      acceptedAt: null,
      declinedAt: fields.status === "declined" ? now : null,
      declineReason: null,
      projectId: null,
      invoiceId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto("proposalVersions")
    .values({
      id: randomUUID(),
      proposalId: id,
      number: 1,
      content,
      contentSha256: createHash("sha256").update(content).digest("hex"),
      sentBy: null,
      sentAt: now,
    })
    .execute();
  return id;
}

/** A proposal sent to the company, version 1, open. */
export function seedPortalProposal(server: ServerInfo, companyId: string): Promise<string> {
  return insertProposal(server, { companyId, status: "sent" });
}

/** A proposal the company's client admin accepted and signed (its PDF is rendered on demand). */
export async function seedSignedProposal(server: ServerInfo, companyId: string, signerEmail: string): Promise<string> {
  const id = await insertProposal(server, { companyId, status: "accepted" });
  const content = CONTENT as ProposalContent;
  const total = proposalTotals(content, []).total;
  const document = canonicalDocument({ proposalId: id, version: 1, content, optionalIds: [], total });
  await database(server)
    .insertInto("proposalSignatures")
    .values({
      id: randomUUID(),
      proposalId: id,
      role: "client",
      versionNumber: 1,
      signerName: "Matrix Signer",
      signerEmail,
      userId: null,
      linkId: null,
      ip: "127.0.0.1",
      userAgent: "matrix",
      document,
      documentSha256: createHash("sha256").update(document).digest("hex"),
      optionalIds: "[]",
      total,
      currency: content.currency,
      drawnSignature: null,
      signedAt: Date.now(),
    })
    .execute();
  return id;
}

/** The token of an already opened link to a declined proposal. */
export async function seedSpentProposalLink(server: ServerInfo): Promise<string> {
  const proposalId = await insertProposal(server, { companyId: null, status: "declined" });
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await database(server)
    .insertInto("proposalLinks")
    .values({
      id: randomUUID(),
      proposalId,
      email: "matrix-lead@example.com",
      tokenHash: createHash("sha256").update(token).digest("hex"),
      createdAt: now,
      expiresAt: now + 14 * 86_400_000,
      openedAt: now,
      revokedAt: null,
    })
    .execute();
  return token;
}
