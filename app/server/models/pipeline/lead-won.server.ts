import type { Actor } from "~/server/auth/actor.server";
import type { Trx } from "~/server/db/db.server";
import { recordAudit } from "../shared/audit.server";

// A lead is won when it becomes a client (converted by staff, or its proposal accepted): its status
// and the company it became move together, and a status change is audited like any other.

/**
 * Marks the lead Won for `companyId`. With `unconverted`, only a lead no one converted yet
 * (returns false when someone did meanwhile). Returns whether the lead was marked.
 */
export async function markLeadWon(
  trx: Trx,
  actor: Actor,
  lead: { id: string; status: string },
  companyId: string,
  now: number,
  { unconverted = false } = {},
): Promise<boolean> {
  let update = trx
    .updateTable("quotes")
    .set({ status: "won", companyId, ...(lead.status === "won" ? {} : { statusChangedAt: now }) })
    .where("id", "=", lead.id);
  if (unconverted) update = update.where("companyId", "is", null);
  const marked = await update.executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return false;
  if (lead.status !== "won")
    await recordAudit(
      trx,
      actor,
      { action: "lead.status", entity: "lead", entityId: lead.id, detail: { from: lead.status, to: "won" } },
      now,
    );
  return true;
}
