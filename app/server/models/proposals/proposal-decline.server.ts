import { companyLink, leadLink } from "~/lib/links";
import { Refusal } from "~/lib/refusal";
import type { Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { notify, publishNotified, staffIdsFor } from "~/server/models/notifications/notifications.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import type { ProposalAccess } from "./proposal-client.server";
import { NO_PROPOSAL, proposalRow } from "./proposal-rows.server";

// Declining: the client may say why (optional); the proposal is then final and staff are told.

export const DECLINE_REASON_MAX = 2000;

/** The owner, while they are still a user (owner_id keeps no foreign key). */
async function ownerIds(trx: Trx, ownerId: string | null): Promise<string[]> {
  if (!ownerId) return [];
  const owner = await trx.selectFrom("users").select("id").where("id", "=", ownerId).executeTakeFirst();
  return owner ? [owner.id] : [];
}

export async function declineProposal(access: ProposalAccess, proposalId: string, reason: string, now = Date.now()): Promise<void> {
  const why = reason.trim();
  if (why.length > DECLINE_REASON_MAX)
    throw new Refusal("invalid", `Say why in up to ${DECLINE_REASON_MAX} characters.`, { field: "reason" });
  const { notified, companyId } = await writeTransaction(async (trx) => {
    const row = await proposalRow(trx, proposalId);
    const allowed =
      access.kind === "member" ? row.companyId !== null && row.companyId === access.companyId : access.grant.proposalId === row.id;
    if (!allowed || row.status === "draft") throw new Refusal("not-found", NO_PROPOSAL);
    const moved = await trx
      .updateTable("proposals")
      .set({ status: "declined", declinedAt: now, declineReason: why || null, updatedAt: now, version: row.version + 1 })
      .where("id", "=", row.id)
      .where("status", "in", ["sent", "viewed"])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Refusal("conflict", `This proposal was already ${row.status}.`);
    const who =
      access.kind === "member"
        ? { id: access.userId, email: "", name: access.name }
        : { id: `proposal-link:${access.grant.linkId}`, email: access.grant.email, name: access.grant.email };
    await recordAudit(trx, who, { action: "proposal.decline", entity: "proposal", entityId: row.id, detail: { reason: why || null } }, now);
    const notified = await notify(
      trx,
      [...(await ownerIds(trx, row.ownerId)), ...(await staffIdsFor(trx, "leads"))],
      {
        type: "proposal_decided",
        eventKey: `proposal-declined:${row.id}`,
        title: `${row.clientName} declined a proposal`,
        body: why,
        link: row.leadId ? leadLink(row.leadId) : companyLink(row.companyId ?? ""),
        actorName: who.name,
        companyId: row.companyId,
      },
      { now },
    );
    return { notified, companyId: row.companyId };
  });
  notifyMailEnqueued();
  publishNotified(notified);
  events().publish({ type: "proposal.changed", id: proposalId, companyId });
}
