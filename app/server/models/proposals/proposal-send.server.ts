import { contentProblem } from "~/lib/proposals";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { brandIn } from "~/server/brand/brand.server";
import { agencyToday } from "~/server/brand/locale.server";
import { absoluteUrl } from "~/server/env.server";
import { db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { enqueueProposalMail } from "~/server/mail/proposal-mails.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { newId } from "~/lib/ids";
import { recordAudit } from "~/server/models/shared/audit.server";
import { insertProposalLink } from "./proposal-links.server";
import { isExpired, parseContent, proposalRow, sha256, STALE_PROPOSAL } from "./proposal-rows.server";

// Sending freezes the working copy as the next version (the client only ever sees the latest),
// and mails the client: a member of the company gets the portal's page; anyone else (a lead) a
// single-use link. A new version after viewing starts the client's "viewed" again.

const RELINK_INTERVAL_MS = 5 * 60 * 1000;

/** Where a member of the proposal's company reads it. */
export const proposalPortalPath = (id: string) => `/user-dashboard/proposals/${encodeURIComponent(id)}`;
/** Where a link opens it. */
export const proposalLinkPath = (token: string) => `/proposal/${encodeURIComponent(token)}`;

/** Sends the working copy the editor saw (`version`) as the next version; returns its number. */
export async function sendProposal(actor: Actor, id: string, version: number, now = Date.now()): Promise<{ number: number }> {
  const today = await agencyToday(now);
  const sent = await writeTransaction(async (trx) => {
    const row = await proposalRow(trx, id);
    if (row.version !== version) throw new Refusal("conflict", STALE_PROPOSAL);
    if (row.status === "accepted" || row.status === "declined")
      throw new Refusal("conflict", `This proposal was ${row.status}: it can no longer be sent.`);
    const content = parseContent(row.draft);
    const problem = contentProblem(content);
    if (problem) throw new Refusal("invalid", problem.message, { field: problem.field });
    if (isExpired(content, today))
      throw new Refusal("invalid", "The last day it can be accepted has passed: choose a later one.", { field: "validUntil" });
    if (!/^[^\s@]+@[^\s@]+$/.test(row.clientEmail))
      throw new Refusal("invalid", "Give the address that receives and signs it.", { field: "clientEmail" });
    const number = Number(row.sentVersion) + 1;
    const json = JSON.stringify(content);
    await trx
      .insertInto("proposalVersions")
      .values({ id: newId(), proposalId: id, number, content: json, contentSha256: sha256(json), sentBy: actor.id, sentAt: now })
      .execute();
    const moved = await trx
      .updateTable("proposals")
      .set({ status: "sent", sentVersion: number, sentAt: now, version: version + 1, updatedAt: now })
      .where("id", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Refusal("conflict", STALE_PROPOSAL);
    await mailClient(
      trx,
      { id, companyId: row.companyId, clientEmail: row.clientEmail, clientName: row.clientName },
      { number, title: content.title, validUntil: content.validUntil },
      now,
    );
    await recordAudit(
      trx,
      actor,
      { action: "proposal.send", entity: "proposal", entityId: id, detail: { version: number, to: row.clientEmail } },
      now,
    );
    return { number, companyId: row.companyId };
  });
  notifyMailEnqueued();
  events().publish({ type: "proposal.changed", id, companyId: sent.companyId });
  return { number: sent.number };
}

async function mailClient(
  trx: Trx,
  proposal: { id: string; companyId: string | null; clientEmail: string; clientName: string },
  version: { number: number; title: string; validUntil: string },
  now: number,
  key?: string,
): Promise<void> {
  const member = proposal.companyId
    ? await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", proposal.clientEmail)
        .where("companyId", "=", proposal.companyId)
        .executeTakeFirst()
    : undefined;
  const url = member
    ? absoluteUrl(proposalPortalPath(proposal.id))
    : absoluteUrl(proposalLinkPath((await insertProposalLink(trx, proposal.id, proposal.clientEmail, now)).token));
  await enqueueProposalMail(
    trx,
    {
      proposalId: proposal.id,
      version: version.number,
      to: proposal.clientEmail,
      title: version.title,
      clientName: proposal.clientName,
      validUntil: version.validUntil,
      url,
      single: !member,
      key,
    },
    await brandIn(trx),
    now,
  );
}

/**
 * A new link to the proposal's own address, asked for from a spent or expired link's page. It goes
 * only where the proposal was sent, so asking cannot reveal or redirect anything.
 */
export async function mailNewProposalLink(proposalId: string, now = Date.now()): Promise<void> {
  await writeTransaction(async (trx) => {
    const row = await proposalRow(trx, proposalId);
    if (row.status !== "sent" && row.status !== "viewed") return;
    // One new link per few minutes: a spent link in someone's hands cannot flood the inbox.
    const last = await trx
      .selectFrom("proposalLinks")
      .select((eb) => eb.fn.max("createdAt").as("at"))
      .where("proposalId", "=", proposalId)
      .executeTakeFirst();
    if (last?.at && now - Number(last.at) < RELINK_INTERVAL_MS) return;
    const latest = await trx
      .selectFrom("proposalVersions")
      .select(["number", "content"])
      .where("proposalId", "=", proposalId)
      .orderBy("number", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!latest) return;
    const content = parseContent(latest.content);
    await mailClient(trx, row, { number: latest.number, title: content.title, validUntil: content.validUntil }, now, `relink-${now}`);
  }, db());
  notifyMailEnqueued();
}
