import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { REOPEN_TOO_LATE, REOPEN_WINDOW_MS } from "~/lib/support-desk";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { CLOSED_STATUS, noSuchRequest } from "./complaints.server";
import { recordWebhookEvent } from "../webhooks/webhook-changes.server";

// A client (any member of the company) closes their request, and may reopen it
// within 30 days of closing (decision 0044). Owner-scoped: another company's request is refused as
// not-found, exactly like one that does not exist; a reopen after the window is a conflict.

export type ClosingOutcome = "done" | "unchanged";

interface Member extends Actor {
  companyId: string;
}

async function change(
  member: Member,
  complaintId: string,
  now: number,
  decide: (row: {
    status: string;
    closedAt: number | null;
  }) => ClosingOutcome | { to: string; closedAt: number | null; waitingSince: number | null },
) {
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<ClosingOutcome> => {
      const row = await trx
        .selectFrom("complaints")
        .select(["status", "closedAt"])
        .where("id", "=", complaintId)
        .where("companyId", "=", member.companyId)
        .executeTakeFirst();
      if (!row) throw noSuchRequest();
      const next = decide(row);
      if (typeof next === "string") return next;
      const updated = await trx
        .updateTable("complaints")
        .set({ status: next.to, closedAt: next.closedAt, waitingSince: next.waitingSince, updatedAt: now })
        .where("id", "=", complaintId)
        .where("status", "=", row.status)
        .executeTakeFirst();
      // A colleague or staff changed it a moment ago: theirs stands.
      if (Number(updated.numUpdatedRows) === 0) return "unchanged";
      const detail = { from: row.status, to: next.to, by: "client", changeId: newId(), companyId: member.companyId };
      await recordAudit(trx, member, { action: "complaint.status", entity: "complaint", entityId: complaintId, detail }, now);
      // Nobody is alerted of a client closing their own request; webhooks are.
      if (next.to === CLOSED_STATUS) await recordWebhookEvent(trx, { type: "support_request.closed", id: complaintId }, now);
      return "done";
    });
  if (outcome === "done") events().publish({ type: "complaint.changed", id: complaintId, companyId: member.companyId });
  return outcome;
}

/** Closes a Pending or Resolved request: nobody is waiting on it any more. */
export function closeComplaint(member: Member, complaintId: string, now = Date.now()): Promise<ClosingOutcome> {
  return change(member, complaintId, now, (row) =>
    row.status === CLOSED_STATUS ? "unchanged" : { to: CLOSED_STATUS, closedAt: now, waitingSince: null },
  );
}

/** Reopens a Closed request within 30 days of its closing: Pending again, the client waiting from now. */
export function reopenComplaint(member: Member, complaintId: string, now = Date.now()): Promise<ClosingOutcome> {
  return change(member, complaintId, now, (row) => {
    if (row.status !== CLOSED_STATUS) return "unchanged";
    if (row.closedAt !== null && now - Number(row.closedAt) > REOPEN_WINDOW_MS) throw new Refusal("conflict", REOPEN_TOO_LATE);
    return { to: "Pending", closedAt: null, waitingSince: now };
  });
}
