import { eraseInboundOfCompany } from "./erasure-inbound.server";
import { eraseCompanyProposals } from "./erasure-proposals.server";
import type { Kysely } from "kysely";
import type { Database } from "~/server/db/schema";
import { eraseClientUser } from "./erasure-people.server";
import { ERASED, erasedEmail, scrubTraces } from "./erasure-traces.server";
import type { Trx } from "~/server/db/db.server";

// Decision 0048: a whole client company, erased: every member (as a client user),
// its pending invitations, and every stored file of its projects and support requests. "delete"
// removes the company (projects, milestones, approvals, files, requests, replies and notes follow
// by cascade); "anonymise" keeps the company, its projects, milestones and requests as counted rows
// named "Erased", with every free text cleared and every file removed.

type Mode = "delete" | "anonymise";

/** Every stored key of the company: project file versions and request attachments, with thumbnails. */
export async function companyStoredKeys(executor: Trx | Kysely<Database>, companyId: string): Promise<string[]> {
  const versions = await executor
    .selectFrom("fileVersions as v")
    .innerJoin("projects as p", "p.id", "v.projectId")
    .select(["v.storageKey", "v.thumbnailKey"])
    .where("p.companyId", "=", companyId)
    .execute();
  const attachments = await executor
    .selectFrom("attachments as a")
    .innerJoin("complaints as c", "c.id", "a.complaintId")
    .select(["a.storageKey", "a.thumbnailKey"])
    .where("c.companyId", "=", companyId)
    .execute();
  return [...versions, ...attachments].flatMap((f) => (f.thumbnailKey ? [f.storageKey, f.thumbnailKey] : [f.storageKey]));
}

async function clearContent(trx: Trx, projectIds: string[], complaintIds: string[]): Promise<void> {
  if (projectIds.length > 0) {
    await trx.deleteFrom("projectFiles").where("projectId", "in", projectIds).execute();
    await trx.updateTable("projects").set({ title: ERASED, description: "" }).where("id", "in", projectIds).execute();
    await trx.updateTable("milestones").set({ title: ERASED, description: "" }).where("projectId", "in", projectIds).execute();
    await trx
      .updateTable("approvals")
      .set({ note: "", comment: "", requestedByName: ERASED, decidedByName: ERASED })
      .where("projectId", "in", projectIds)
      .execute();
    await trx.updateTable("projectProgress").set({ note: "" }).where("projectId", "in", projectIds).execute();
    await trx.updateTable("projectActivity").set({ summary: "", actorName: ERASED }).where("projectId", "in", projectIds).execute();
  }
  if (complaintIds.length > 0) {
    await trx.deleteFrom("attachments").where("complaintId", "in", complaintIds).execute();
    await trx.updateTable("complaints").set({ subject: ERASED, message: "" }).where("id", "in", complaintIds).execute();
    await trx.updateTable("complaintReplies").set({ text: "", senderName: ERASED }).where("complaintId", "in", complaintIds).execute();
    await trx.updateTable("complaintNotes").set({ text: "" }).where("complaintId", "in", complaintIds).execute();
  }
}

/**
 * Deletes a company's row, unless it has issued invoices: those are kept for the legal period even
 * when their client is erased, so the row they point at stays, named "Erased" and
 * closed. Drafts were never sent to anyone and go. Returns whether the row was deleted.
 */
export async function deleteCompanyRow(trx: Trx, companyId: string, now = Date.now()): Promise<boolean> {
  await trx.deleteFrom("invoices").where("companyId", "=", companyId).where("status", "=", "draft").execute();
  const invoiced = await trx.selectFrom("invoices").select("id").where("companyId", "=", companyId).limit(1).executeTakeFirst();
  if (!invoiced) {
    await trx.deleteFrom("companies").where("id", "=", companyId).execute();
    return true;
  }
  await trx
    .updateTable("companies")
    .set((eb) => ({ name: ERASED, website: "", updatedAt: now, closedAt: eb.fn.coalesce("closedAt", eb.val(now)) }))
    .where("id", "=", companyId)
    .execute();
  return false;
}

export async function eraseCompany(trx: Trx, companyId: string, mode: Mode): Promise<{ found: boolean; storageKeys: string[] }> {
  const company = await trx.selectFrom("companies").select(["id", "name"]).where("id", "=", companyId).executeTakeFirst();
  if (!company) return { found: false, storageKeys: [] };
  const storageKeys = await companyStoredKeys(trx, companyId);
  const members = await trx.selectFrom("users").select("id").where("companyId", "=", companyId).execute();
  for (const member of members) storageKeys.push(...(await eraseClientUser(trx, member.id, mode)).storageKeys);
  const invitations = await trx.selectFrom("clientInvitations").select(["email", "name"]).where("companyId", "=", companyId).execute();
  for (const invitation of invitations)
    await scrubTraces(trx, { email: invitation.email, names: [invitation.name], recordIds: [] }, erasedEmail(companyId));
  await trx.deleteFrom("clientInvitations").where("companyId", "=", companyId).execute();
  storageKeys.push(...(await eraseCompanyProposals(trx, companyId)));

  const projectIds = (await trx.selectFrom("projects").select("id").where("companyId", "=", companyId).execute()).map((p) => p.id);
  const complaintIds = (await trx.selectFrom("complaints").select("id").where("companyId", "=", companyId).execute()).map((c) => c.id);
  storageKeys.push(...(await eraseInboundOfCompany(trx, complaintIds, projectIds)));
  // Staff notifications, mails and audit rows about the company's records; its name wherever quoted.
  await scrubTraces(
    trx,
    { email: erasedEmail(companyId), names: [company.name], recordIds: [companyId, ...projectIds, ...complaintIds] },
    erasedEmail(companyId),
  );
  if (mode === "delete") {
    await trx.deleteFrom("projects").where("companyId", "=", companyId).execute();
    await trx.deleteFrom("complaints").where("companyId", "=", companyId).execute();
    await deleteCompanyRow(trx, companyId);
  } else {
    await clearContent(trx, projectIds, complaintIds);
    await trx.updateTable("companies").set({ name: ERASED, website: "" }).where("id", "=", companyId).execute();
  }
  return { found: true, storageKeys };
}
