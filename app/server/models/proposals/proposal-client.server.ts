import { defaultOptionalIds, proposalTotals, type ProposalContent } from "~/lib/proposals";
import type { Totals } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import type { LinkGrant } from "./proposal-links.server";
import { isExpired, latestVersion, NO_PROPOSAL } from "./proposal-rows.server";

// What the client sees: the latest version only, through the portal (a member of the proposal's
// company) or a link's grant (that one proposal, nothing else). "Viewed" is recorded once per
// person and version-independent: staff see who opened it and when.

export type ProposalAccess = { kind: "member"; userId: string; name: string; companyId: string } | { kind: "link"; grant: LinkGrant };

export interface ClientProposal {
  id: string;
  /** Whose portal hears of its changes (a lead's has none until it is accepted). */
  companyId: string | null;
  status: string;
  expired: boolean;
  clientName: string;
  version: number;
  content: ProposalContent;
  /** With the optional items ticked at first; the page recomputes nothing itself. */
  totals: Totals;
  optionalIds: string[];
  acceptedAt: number | null;
  declinedAt: number | null;
}

/** The proposal `access` may read, or not-found (a draft, another company's, another link's). */
export async function clientProposal(access: ProposalAccess, proposalId: string, now = Date.now()): Promise<ClientProposal> {
  const row = await db().selectFrom("proposals").selectAll().where("id", "=", proposalId).executeTakeFirst();
  const allowed =
    row && (access.kind === "member" ? row.companyId === access.companyId && row.companyId !== null : access.grant.proposalId === row.id);
  if (!row || !allowed || row.status === "draft") throw new Refusal("not-found", NO_PROPOSAL);
  const latest = await latestVersion(db(), row.id);
  if (!latest) throw new Refusal("not-found", NO_PROPOSAL);
  const optionalIds = defaultOptionalIds(latest.content);
  const open = row.status === "sent" || row.status === "viewed";
  return {
    id: row.id,
    companyId: row.companyId,
    status: row.status,
    expired: open && isExpired(latest.content, await agencyToday(now)),
    clientName: row.clientName,
    version: latest.number,
    content: latest.content,
    totals: proposalTotals(latest.content, optionalIds),
    optionalIds,
    acceptedAt: row.acceptedAt === null ? null : Number(row.acceptedAt),
    declinedAt: row.declinedAt === null ? null : Number(row.declinedAt),
  };
}

/** Records that this person opened the proposal, once; the first opening marks it viewed. */
export async function recordProposalView(
  access: ProposalAccess,
  proposal: { id: string; version: number; companyId?: string | null },
  now = Date.now(),
): Promise<void> {
  const viewer = access.kind === "member" ? `user:${access.userId}` : `link:${access.grant.email}`;
  const name = access.kind === "member" ? access.name : access.grant.email;
  const inserted = await db()
    .insertInto("proposalViews")
    .values({ proposalId: proposal.id, viewer, name, versionNumber: proposal.version, viewedAt: now })
    .onConflict((oc) => oc.columns(["proposalId", "viewer"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await db()
    .updateTable("proposals")
    .set({ status: "viewed", firstViewedAt: now })
    .where("id", "=", proposal.id)
    .where("status", "=", "sent")
    .execute();
  events().publish({ type: "proposal.changed", id: proposal.id, companyId: proposal.companyId ?? null });
}

/** Who opened it and when (staff). */
export function proposalViews(proposalId: string): Promise<{ viewer: string; name: string; versionNumber: number; viewedAt: number }[]> {
  return db()
    .selectFrom("proposalViews")
    .select(["viewer", "name", "versionNumber", "viewedAt"])
    .where("proposalId", "=", proposalId)
    .orderBy("viewedAt")
    .execute();
}
