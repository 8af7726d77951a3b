import { createHash } from "node:crypto";
import { computeTotals } from "~/lib/money";
import type { SignedProposalDocument } from "~/lib/proposal-document";
import { depositLines, proposalTotals, type ProposalContent } from "~/lib/proposals";
import { Refusal } from "~/lib/refusal";
import { brandIn } from "~/server/brand/brand.server";
import { readPlace } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { renderSignedProposalPdfOffThread } from "~/server/documents/render-off-thread.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { composeMail } from "~/server/mail/templates.server";
import { fileStore } from "~/server/storage/storage.server";
import { storeBytesOnce } from "~/server/storage/store-once.server";
import { NO_PROPOSAL } from "./proposal-rows.server";

// The signed proposal's PDF: the accepted document and a certificate page with the signature
// trail, built from the signature rows (their canonical documents are the source, not the
// proposal's working copy). Filed once after acceptance and mailed to the signer and the
// proposal's owner; a download of one not filed yet renders it without writing anything.

interface AcceptedDocument {
  version: number;
  title: string;
  currency: string;
  sections: ProposalContent["sections"];
  phases: ProposalContent["phases"];
  items: ProposalContent["items"];
  depositBp: number;
  validUntil: string;
  terms: string;
  accepted: { optionalIds: string[]; total: number };
}

/** The signed document of an accepted proposal; not-found while nobody has signed it. */
export async function signedProposalDocument(proposalId: string): Promise<SignedProposalDocument> {
  const proposal = await db().selectFrom("proposals").select(["clientName", "status"]).where("id", "=", proposalId).executeTakeFirst();
  const signatures = await db()
    .selectFrom("proposalSignatures")
    .selectAll()
    .where("proposalId", "=", proposalId)
    .orderBy("signedAt")
    .execute();
  const client = signatures.find((s) => s.role === "client");
  if (!proposal || !client) throw new Refusal("not-found", NO_PROPOSAL);
  const accepted = JSON.parse(client.document) as AcceptedDocument;
  const content: ProposalContent = {
    title: accepted.title,
    currency: accepted.currency,
    sections: accepted.sections,
    phases: accepted.phases,
    items: accepted.items,
    depositBp: accepted.depositBp,
    validUntil: accepted.validUntil,
    terms: accepted.terms,
  };
  const totals = proposalTotals(content, accepted.accepted.optionalIds);
  const deposit = computeTotals(depositLines(content, totals), 0).total;
  const [brand, place] = await Promise.all([brandIn(db()), readPlace()]);
  return {
    proposalId,
    agencyName: brand.legalName || brand.name,
    clientName: proposal.clientName,
    version: accepted.version,
    content,
    optionalIds: accepted.accepted.optionalIds,
    taxSummary: totals.taxSummary,
    total: totals.total,
    deposit,
    locale: place.value.locale,
    signatures: signatures.map((s) => ({
      role: s.role === "staff" ? "staff" : "client",
      name: s.signerName,
      email: s.signerEmail,
      signedAt: new Date(Number(s.signedAt)).toISOString(),
      ip: s.ip,
      userAgent: s.userAgent,
      documentSha256: s.documentSha256,
      drawn: Boolean(s.drawnSignature),
    })),
  };
}

const pdfKey = (proposalId: string) => `proposals/${proposalId}/signed.pdf`;
const fileName = (title: string) => `${title.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 80) || "proposal"}-signed.pdf`;

/** Renders and stores the signed PDF once; returns its key. */
export async function fileSignedProposal(proposalId: string): Promise<string> {
  const row = await db().selectFrom("proposals").select(["signedPdfKey"]).where("id", "=", proposalId).executeTakeFirst();
  if (!row) throw new Refusal("not-found", NO_PROPOSAL);
  if (row.signedPdfKey) return row.signedPdfKey;
  const bytes = await renderSignedProposalPdfOffThread(await signedProposalDocument(proposalId));
  const key = pdfKey(proposalId);
  await storeBytesOnce(fileStore(), key, bytes, "application/pdf");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await writeTransaction((trx) =>
    trx.updateTable("proposals").set({ signedPdfKey: key, signedPdfSha256: sha256 }).where("id", "=", proposalId).execute(),
  );
  return key;
}

/** The signed PDF's bytes: the filed ones, or rendered now without writing anything. */
export async function signedProposalPdf(proposalId: string): Promise<{ bytes: Buffer; filename: string }> {
  const doc = await signedProposalDocument(proposalId);
  const row = await db().selectFrom("proposals").select("signedPdfKey").where("id", "=", proposalId).executeTakeFirst();
  if (row?.signedPdfKey) {
    const { stream } = await fileStore().read(row.signedPdfKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), filename: fileName(doc.content.title) };
  }
  return { bytes: await renderSignedProposalPdfOffThread(doc), filename: fileName(doc.content.title) };
}

/** Files the signed PDF and mails it to the signer and to the proposal's owner, once each. */
export async function deliverSignedProposal(proposalId: string, now = Date.now()): Promise<void> {
  const key = await fileSignedProposal(proposalId);
  const doc = await signedProposalDocument(proposalId);
  const owner = await db()
    .selectFrom("proposals")
    .innerJoin("users", "users.id", "proposals.ownerId")
    .select(["users.email"])
    .where("proposals.id", "=", proposalId)
    .executeTakeFirst();
  const signer = doc.signatures.find((s) => s.role === "client")!;
  const agency = doc.signatures.find((s) => s.role === "staff");
  const brand = await brandIn(db());
  const recipients = [...new Set([signer.email, ...(owner ? [owner.email] : [])].map((e) => e.toLowerCase()))];
  await writeTransaction(async (trx) => {
    for (const to of recipients) {
      const mail = composeMail(
        {
          subject: `Signed: ${doc.content.title}`,
          heading: `${doc.content.title} is signed`,
          blocks: [
            `${signer.name} accepted version ${doc.version} of the proposal from ${doc.agencyName} to ${doc.clientName} and signed it electronically on ${signer.signedAt.slice(0, 10)}.`,
            ...(agency ? [`${agency.name} countersigned it for ${doc.agencyName} on ${agency.signedAt.slice(0, 10)}.`] : []),
            { fields: [["Document SHA-256", signer.documentSha256]] },
            {
              note: agency
                ? "The signed proposal is attached as a PDF, with a certificate page listing both signatures' trails."
                : "The signed proposal is attached as a PDF, with a certificate page listing the signature's trail.",
            },
          ],
        },
        brand,
      );
      await enqueueMail(
        trx,
        {
          ...mail,
          to,
          idempotencyKey: `proposal-signed:${proposalId}:${to}`.slice(0, 200),
          attachments: [{ key, filename: fileName(doc.content.title), contentType: "application/pdf" }],
        },
        now,
      );
    }
  });
  notifyMailEnqueued();
}

/** Whether a stored key is a filed signed proposal (the start-up recovery of interrupted deletes). */
export async function isSignedProposalReferenced(key: string): Promise<boolean> {
  const row = await db().selectFrom("proposals").select("id").where("signedPdfKey", "=", key).limit(1).executeTakeFirst();
  return row !== undefined;
}
