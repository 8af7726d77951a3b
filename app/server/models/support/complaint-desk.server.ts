import { newId } from "~/lib/ids";
import { AREA_ROLES } from "~/lib/staff-roles";
import type { Priority } from "~/lib/support-desk";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { isSupportStaff } from "./alerts.server";

// The desk's staff-only fields of a request — assignee, priority and internal
// notes (decision 0044). Every function assumes the caller passed requireStaff(request, "support").
// Notes are never read by a portal module: the portal selects its fields by name.

export const ASSIGNEE_NOT_SUPPORT = "Only active staff whose role includes Support can be assigned a request.";

export interface SupportStaffOption {
  id: string;
  name: string;
}

/** Active staff who may use Support: the people a request can be assigned to. */
export async function listSupportStaff(): Promise<SupportStaffOption[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("role", "=", "employee")
    .where("staffDisabledAt", "is", null)
    .where("staffRole", "in", [...AREA_ROLES.support])
    .orderBy("name")
    .orderBy("email")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name.trim() || r.email }));
}

export type DeskOutcome = { outcome: "done" | "unchanged" | "not-found" } | { outcome: "refused"; reason: string };

async function publishChange(complaintId: string) {
  const row = await db().selectFrom("complaints").select("companyId").where("id", "=", complaintId).executeTakeFirst();
  if (row?.companyId) events().publish({ type: "complaint.changed", id: complaintId, companyId: row.companyId });
}

/** Sets the request's assignee (null unassigns); the assignee must be active support staff. Audited. */
export async function assignComplaint(
  actor: Actor,
  { complaintId, assigneeId }: { complaintId: string; assigneeId: string | null },
  now = Date.now(),
): Promise<DeskOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<DeskOutcome> => {
      const row = await trx.selectFrom("complaints").select(["assigneeId"]).where("id", "=", complaintId).executeTakeFirst();
      if (!row) return { outcome: "not-found" };
      if (assigneeId !== null && !(await isSupportStaff(trx, assigneeId))) return { outcome: "refused", reason: ASSIGNEE_NOT_SUPPORT };
      if (row.assigneeId === assigneeId) return { outcome: "unchanged" };
      await trx.updateTable("complaints").set({ assigneeId }).where("id", "=", complaintId).execute();
      await recordAudit(
        trx,
        actor,
        { action: "complaint.assign", entity: "complaint", entityId: complaintId, detail: { from: row.assigneeId, to: assigneeId } },
        now,
      );
      return { outcome: "done" };
    });
  if (result.outcome === "done") await publishChange(complaintId);
  return result;
}

/** Sets Low / Normal / High / Urgent. Audited. */
export async function setComplaintPriority(
  actor: Actor,
  { complaintId, priority }: { complaintId: string; priority: Priority },
  now = Date.now(),
): Promise<DeskOutcome> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<DeskOutcome> => {
      const row = await trx.selectFrom("complaints").select(["priority"]).where("id", "=", complaintId).executeTakeFirst();
      if (!row) return { outcome: "not-found" };
      if (row.priority === priority) return { outcome: "unchanged" };
      await trx.updateTable("complaints").set({ priority }).where("id", "=", complaintId).execute();
      await recordAudit(
        trx,
        actor,
        { action: "complaint.priority", entity: "complaint", entityId: complaintId, detail: { from: row.priority, to: priority } },
        now,
      );
      return { outcome: "done" };
    });
  if (result.outcome === "done") await publishChange(complaintId);
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
    .select(["id", "authorName", "text", "createdAt"])
    .where("complaintId", "=", complaintId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, createdAt: Number(r.createdAt) }));
}

/**
 * Adds an internal note. No notification, no mail and no portal event: only the console hears of
 * it (complaint.noted), so nothing of a note can reach a client. Undefined when the request is unknown.
 */
export async function addComplaintNote(
  actor: Actor,
  { complaintId, text }: { complaintId: string; text: string },
  now = Date.now(),
): Promise<ComplaintNote | undefined> {
  const note = { id: newId(), complaintId, authorId: actor.id, authorName: actorName(actor), text: text.trim(), createdAt: now };
  const stored = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("complaints").select("id").where("id", "=", complaintId).executeTakeFirst();
      if (!row) return false;
      await trx.insertInto("complaintNotes").values(note).execute();
      await recordAudit(
        trx,
        actor,
        { action: "complaint.note", entity: "complaint", entityId: complaintId, detail: { noteId: note.id } },
        now,
      );
      return true;
    });
  if (!stored) return undefined;
  events().publish({ type: "complaint.noted", id: complaintId });
  return { id: note.id, authorName: note.authorName, text: note.text, createdAt: now };
}
