import { eraseInboundFrom, eraseMailThreadsOf } from "./erasure-inbound.server";
import { eraseMemberFromProposals } from "./erasure-proposals.server";
import { sql } from "kysely";
import { dbBool } from "~/server/db/boolean.server";
import { eraseApplication } from "./erasure-records.server";
import { ERASED, erasedEmail, scrubTraces } from "./erasure-traces.server";
import type { Trx } from "~/server/db/db.server";

// Decision 0048: a client user, erased. Their account goes either way (sessions,
// sign-in accounts, passkeys, two-factor, profile, their own notifications and settings); "delete"
// removes the user row too, "anonymise" keeps it as an "Erased" member so the company's member
// count holds. What they made for the company stays with it, under the name "Erased".

type Mode = "delete" | "anonymise";

/** The company-side rows that show the person by name, renamed (before the user row can go). */
async function renameAuthored(trx: Trx, user: { id: string; companyId: string | null }, names: string[]): Promise<void> {
  await trx.updateTable("projectActivity").set({ actorName: ERASED }).where("actorId", "=", user.id).execute();
  await trx.updateTable("approvals").set({ requestedByName: ERASED }).where("requestedBy", "=", user.id).execute();
  await trx.updateTable("approvals").set({ decidedByName: ERASED }).where("decidedBy", "=", user.id).execute();
  await trx.updateTable("fileVersions").set({ uploadedByName: ERASED }).where("uploadedBy", "=", user.id).execute();
  await trx.updateTable("attachments").set({ uploadedByName: ERASED }).where("uploadedBy", "=", user.id).execute();
  await trx.updateTable("complaintReplies").set({ senderName: ERASED }).where("senderId", "=", user.id).execute();
  if (user.companyId && names.length > 0) {
    const companyId = user.companyId;
    await trx
      .updateTable("complaintReplies")
      .set({ senderName: ERASED })
      .where("senderName", "in", names)
      .where("complaintId", "in", (eb) => eb.selectFrom("complaints").select("id").where("companyId", "=", companyId))
      .execute();
  }
  // Their name in the company's texts (a signature, "Asha uploaded…", "as Asha asked"); the rest stays.
  if (user.companyId) for (const name of names.filter((n) => n.length >= 3)) await replaceInCompany(trx, user.companyId, name);
}

async function replaceInCompany(trx: Trx, companyId: string, name: string): Promise<void> {
  const without = (column: string) => sql<string>`replace(${sql.ref(column)}, ${name}, ${ERASED})`;
  const projects = (await trx.selectFrom("projects").select("id").where("companyId", "=", companyId).execute()).map((p) => p.id);
  const complaints = (await trx.selectFrom("complaints").select("id").where("companyId", "=", companyId).execute()).map((c) => c.id);
  if (projects.length > 0) {
    await trx
      .updateTable("projects")
      .set({ title: without("title"), description: without("description") })
      .where("id", "in", projects)
      .execute();
    await trx
      .updateTable("milestones")
      .set({ title: without("title"), description: without("description") })
      .where("projectId", "in", projects)
      .execute();
    await trx
      .updateTable("approvals")
      .set({ note: without("note"), comment: without("comment") })
      .where("projectId", "in", projects)
      .execute();
    await trx
      .updateTable("projectProgress")
      .set({ note: without("note") })
      .where("projectId", "in", projects)
      .execute();
    await trx
      .updateTable("projectActivity")
      .set({ summary: without("summary") })
      .where("projectId", "in", projects)
      .execute();
  }
  if (complaints.length > 0) {
    await trx
      .updateTable("complaints")
      .set({ subject: without("subject"), message: without("message") })
      .where("id", "in", complaints)
      .execute();
    await trx
      .updateTable("complaintReplies")
      .set({ text: without("text") })
      .where("complaintId", "in", complaints)
      .execute();
    await trx
      .updateTable("complaintNotes")
      .set({ text: without("text") })
      .where("complaintId", "in", complaints)
      .execute();
  }
}

/** Sign-in and personal settings: gone in both modes. */
async function deleteAccountRows(trx: Trx, userId: string): Promise<void> {
  await sql`delete from accounts where user_id = ${userId}`.execute(trx);
  await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
  await trx.deleteFrom("passkeys").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactors").where("userId", "=", userId).execute();
  await trx.deleteFrom("calendarFeeds").where("userId", "=", userId).execute();
  await trx.deleteFrom("profiles").where("userId", "=", userId).execute();
  await trx.deleteFrom("notifications").where("userId", "=", userId).execute();
  await trx.deleteFrom("notificationReadMarks").where("userId", "=", userId).execute();
  await trx.deleteFrom("notificationPreferences").where("userId", "=", userId).execute();
  await trx.deleteFrom("digestSchedules").where("userId", "=", userId).execute();
  await trx.deleteFrom("seenMarkers").where("userId", "=", userId).execute();
}

/** Erases a client (never staff) and their own job applications; the stored keys to delete after commit. */
export async function eraseClientUser(trx: Trx, userId: string, mode: Mode): Promise<{ found: boolean; storageKeys: string[] }> {
  const user = await trx
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.userId", "u.id")
    .select(["u.id", "u.name", "u.email", "u.companyId", "p.fullName"])
    .where("u.id", "=", userId)
    .where("u.role", "=", "client")
    .where("u.staffRole", "is", null)
    .executeTakeFirst();
  if (!user) return { found: false, storageKeys: [] };
  const names = [...new Set([user.name, user.fullName ?? ""].map((n) => n.trim()).filter((n) => n && n !== ERASED))];
  const storageKeys: string[] = [];
  const applications = await trx.selectFrom("jobApplications").select("id").where("appliedBy", "=", userId).execute();
  for (const application of applications) storageKeys.push(...(await eraseApplication(trx, application.id, mode)).storageKeys);
  await renameAuthored(trx, user, names);
  const placeholder = erasedEmail(userId);
  await scrubTraces(trx, { email: user.email, names, userId, recordIds: [userId] }, placeholder);
  storageKeys.push(...(await eraseMemberFromProposals(trx, { userId, email: user.email }, placeholder, ERASED)));
  storageKeys.push(...(await eraseInboundFrom(trx, user.email)));
  await eraseMailThreadsOf(trx, userId);
  await deleteAccountRows(trx, userId);
  if (mode === "delete") await trx.deleteFrom("users").where("id", "=", userId).execute();
  else
    await trx
      .updateTable("users")
      .set({ name: ERASED, email: placeholder, image: null, emailVerified: dbBool(false), clientAdmin: dbBool(false) })
      .where("id", "=", userId)
      .execute();
  return { found: true, storageKeys };
}
