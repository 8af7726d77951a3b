import type { Trx } from "~/server/db/db.server";

// Proposals, erased with the person or company they were written for. Their names, addresses,
// signatures (with IP addresses) and content are about that client, so in both modes they go
// with their versions, links, views and signatures (the tables cascade), and the signed PDFs'
// stored keys are handed back for deletion after the commit. An accepted proposal of a lead
// belongs to the company the lead became: erasing the lead leaves it to the company.

export async function eraseLeadProposals(trx: Trx, leadId: string): Promise<string[]> {
  await trx
    .updateTable("proposals")
    .set({ leadId: null })
    .where("leadId", "=", leadId)
    .where("status", "=", "accepted")
    .where("companyId", "is not", null)
    .execute();
  return deleteProposals(trx, "leadId", leadId);
}

export function eraseCompanyProposals(trx: Trx, companyId: string): Promise<string[]> {
  return deleteProposals(trx, "companyId", companyId);
}

async function deleteProposals(trx: Trx, column: "leadId" | "companyId", id: string): Promise<string[]> {
  const rows = await trx.selectFrom("proposals").select("signedPdfKey").where(column, "=", id).execute();
  await trx.deleteFrom("proposals").where(column, "=", id).execute();
  return rows.flatMap((r) => (r.signedPdfKey ? [r.signedPdfKey] : []));
}

/**
 * A client member erased while their company stays: its proposals stay too, without them. The
 * address proposals went to becomes the placeholder, their signatures name "Erased" with no trail,
 * and a filed signed PDF naming them is removed (downloads render it again, without them).
 */
export async function eraseMemberFromProposals(
  trx: Trx,
  member: { userId: string; email: string },
  placeholder: string,
  erased: string,
): Promise<string[]> {
  const email = member.email.toLowerCase();
  await trx.updateTable("proposals").set({ clientEmail: placeholder }).where("clientEmail", "=", email).execute();
  await trx.updateTable("proposalLinks").set({ email: placeholder }).where("email", "=", email).execute();
  await trx
    .deleteFrom("proposalViews")
    .where("viewer", "in", [`user:${member.userId}`, `link:${email}`])
    .execute();
  const signed = await trx
    .selectFrom("proposalSignatures")
    .select("proposalId")
    .where((eb) => eb.or([eb("userId", "=", member.userId), eb("signerEmail", "=", email)]))
    .execute();
  if (signed.length === 0) return [];
  await trx
    .updateTable("proposalSignatures")
    .set({ signerName: erased, signerEmail: placeholder, userId: null, ip: "", userAgent: "", drawnSignature: null })
    .where((eb) => eb.or([eb("userId", "=", member.userId), eb("signerEmail", "=", email)]))
    .execute();
  const ids = signed.map((s) => s.proposalId);
  const filed = await trx.selectFrom("proposals").select("signedPdfKey").where("id", "in", ids).execute();
  await trx.updateTable("proposals").set({ signedPdfKey: null, signedPdfSha256: null }).where("id", "in", ids).execute();
  return filed.flatMap((r) => (r.signedPdfKey ? [r.signedPdfKey] : []));
}
