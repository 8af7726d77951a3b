import { displayName } from "~/lib/people";
import { companyScope, inScope, withoutUnassigned } from "../shared/company-scope.server";
import { nameNow } from "../shared/people.server";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { AREA_ROLES } from "~/lib/staff-roles";
import type { Priority } from "~/lib/support-desk";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { db, type Trx } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { isSupportStaff } from "./alerts.server";
import { noSuchRequest } from "./complaints.server";

// The desk's staff-only fields of a request — assignee, priority and internal
// notes (decision 0044). Every function assumes the caller passed requireStaff(request, "support").
// Notes are never read by a portal module: the portal selects its fields by name.

export const ASSIGNEE_NOT_SUPPORT = "Only active staff whose role includes Support can be assigned a request.";
export const ASSIGNEE_NOT_ASSIGNED = "They see only their assigned companies, and this request's is not one of them.";

export interface SupportStaffOption {
  id: string;
  name: string;
}

/**
 * Active staff who may use Support and may see the request's company (decision 0105): the people a
 * request of `companyId` can be assigned to.
 */
export async function listSupportStaff(companyId: string | null): Promise<SupportStaffOption[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "name", "email", "staffRole", "assignedOnly"])
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES.support])
    .orderBy("name")
    .orderBy("email")
    .execute();
  // A request of no company is nobody's assigned one: only staff who see every company take it.
  const ids = companyId
    ? await withoutUnassigned(
        db(),
        rows.map((r) => r.id),
        companyId,
      )
    : rows.filter((r) => r.staffRole === "admin" || Number(r.assignedOnly) !== 1).map((r) => r.id);
  return rows.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, name: displayName(r) }));
}

/** A change either made ("done") or already in place ("unchanged"); refusals are thrown. */
export type DeskOutcome = "done" | "unchanged";

async function publishChange(complaintId: string) {
  const row = await db().selectFrom("complaints").select("companyId").where("id", "=", complaintId).executeTakeFirst();
  if (row?.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: row.companyId });
}

/**
 * Sets the request's assignee (null unassigns). Audited. Throws not-found for an unknown request and
 * unprocessable when the assignee is not active support staff.
 */
export async function assignComplaint(
  actor: Actor,
  { complaintId, assigneeId }: { complaintId: string; assigneeId: string | null },
  now = Date.now(),
): Promise<DeskOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<DeskOutcome> => {
      const row = await trx.selectFrom("complaints").select(["assigneeId", "companyId"]).where("id", "=", complaintId).executeTakeFirst();
      if (!row) throw noSuchRequest();
      if (assigneeId !== null && !(await isSupportStaff(trx, assigneeId))) throw new Refusal("unprocessable", ASSIGNEE_NOT_SUPPORT);
      // Decision 0105: never to someone who may not see the request's company.
      if (assigneeId !== null && !inScope(await companyScope({ id: assigneeId }, trx), row.companyId))
        throw new Refusal("unprocessable", ASSIGNEE_NOT_ASSIGNED);
      if (row.assigneeId === assigneeId) return "unchanged";
      await trx.updateTable("complaints").set({ assigneeId }).where("id", "=", complaintId).execute();
      await recordAudit(
        trx,
        actor,
        { action: "complaint.assign", entity: "complaint", entityId: complaintId, detail: { from: row.assigneeId, to: assigneeId } },
        now,
      );
      return "done";
    });
  if (result === "done") await publishChange(complaintId);
  return result;
}

/** Sets Low / Normal / High / Urgent. Audited. Throws not-found for an unknown request. */
export async function setComplaintPriority(
  actor: Actor,
  { complaintId, priority }: { complaintId: string; priority: Priority },
  now = Date.now(),
): Promise<DeskOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<DeskOutcome> => {
      const row = await trx.selectFrom("complaints").select(["priority"]).where("id", "=", complaintId).executeTakeFirst();
      if (!row) throw noSuchRequest();
      if (row.priority === priority) return "unchanged";
      await trx.updateTable("complaints").set({ priority }).where("id", "=", complaintId).execute();
      await recordAudit(
        trx,
        actor,
        { action: "complaint.priority", entity: "complaint", entityId: complaintId, detail: { from: row.priority, to: priority } },
        now,
      );
      return "done";
    });
  if (result === "done") await publishChange(complaintId);
  return result;
}

export interface ComplaintNote {
  id: string;
  authorName: string;
  text: string;
  createdAt: number;
}

/** A request's internal notes, oldest first. Staff only. */
export async function listComplaintNotes(complaintId: string): Promise<ComplaintNote[]> {
  const rows = await db()
    .selectFrom("complaintNotes")
    .select(["id", "text", "createdAt"])
    .select(nameNow("complaintNotes.authorId", "complaintNotes.authorName").as("authorName"))
    .where("complaintId", "=", complaintId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) }));
}

/**
 * Adds an internal note. No notification, no mail and no portal event: only the console hears of
 * it (complaint.noted), so nothing of a note can reach a client. Throws not-found for an unknown request.
 */
export async function addComplaintNote(
  actor: Actor,
  { complaintId, text }: { complaintId: string; text: string },
  now = Date.now(),
  /** A note sent by e-mail (decision 0102): as a staff reply by mail, keyed and marked in this transaction. */
  byMail?: { id: string; mark: (trx: Trx, added: boolean) => Promise<void> },
): Promise<ComplaintNote> {
  const note = {
    id: byMail?.id ?? newId(),
    complaintId,
    authorId: actor.id,
    authorName: actorName(actor),
    text: text.trim(),
    createdAt: now,
  };
  const companyId = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("complaints").select(["id", "companyId"]).where("id", "=", complaintId).executeTakeFirst();
      if (!row) throw noSuchRequest();
      const inserted = await trx
        .insertInto("complaintNotes")
        .values(note)
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (byMail && Number(inserted.numInsertedOrUpdatedRows ?? 1) === 0) {
        await byMail.mark(trx, false);
        return row.companyId;
      }
      await byMail?.mark(trx, true);
      await recordAudit(
        trx,
        actor,
        {
          action: "complaint.note",
          entity: "complaint",
          entityId: complaintId,
          detail: { noteId: note.id, ...(byMail ? { via: "email" } : {}) },
        },
        now,
      );
      return row.companyId;
    });
  events().publish({ type: "complaint.noted", id: complaintId, companyId });
  return { id: note.id, authorName: note.authorName, text: note.text, createdAt: now };
}
