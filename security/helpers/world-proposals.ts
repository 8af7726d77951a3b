import { database } from "./database";
import type { ServerInfo } from "./server";

// Each lead's proposal in the matrix's world: a draft ready to send (one item, valid until 2099),
// written straight into the table as the models would leave it. `proposalAsSeeded` puts it back
// after a cell that saved, sent or templated it.

const CONTENT = JSON.stringify({
  title: "Matrix proposal",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "Matrix work." }],
  phases: [{ title: "Build", description: "", dueInDays: 14 }],
  items: [
    { id: "matrix-item", description: "Build", quantityMilli: 1000, unitPrice: 10_000, taxRateBp: 2000, optional: false, included: true },
  ],
  depositBp: 0,
  validUntil: "2099-12-31",
  terms: "",
});

export async function proposalAsSeeded(server: ServerInfo, { id, leadId }: { id: string; leadId: string }): Promise<void> {
  const db = database(server);
  for (const table of ["proposalVersions", "proposalLinks", "proposalViews", "proposalSignatures"] as const)
    await db.deleteFrom(table).where("proposalId", "=", id).execute();
  await db.deleteFrom("proposals").where("id", "=", id).execute();
  const now = Date.now();
  await db
    .insertInto("proposals")
    .values({
      id,
      leadId,
      companyId: null,
      clientName: "Matrix Prospect",
      clientEmail: "matrix-prospect@example.com",
      ownerId: null,
      draft: CONTENT,
      sentAt: null,
      firstViewedAt: null,
      acceptedAt: null,
      declinedAt: null,
      declineReason: null,
      projectId: null,
      invoiceId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function seedProposal(server: ServerInfo, leadId: string, tag: string): Promise<string> {
  const id = `matrix-proposal-${tag.toLowerCase()}`;
  await proposalAsSeeded(server, { id, leadId });
  return id;
}
