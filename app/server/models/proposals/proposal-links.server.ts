import { createHash, randomBytes } from "node:crypto";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { db, type Executor } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";

// A lead has no account: the proposal mail carries a link with a random token (only its SHA-256
// is stored). Opening it spends it (single use) and gives the browser a grant for that one
// proposal, which the route keeps in a signed cookie; a spent, expired or revoked link is refused
// and the page offers a new one, mailed to the same address.

export const PROPOSAL_LINK_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const LINK_USED = "This link was already used. For your security each link opens the proposal once: ask for a new one below.";
export const LINK_EXPIRED = "This link has expired. Ask for a new one below.";
export const LINK_REVOKED = "This link was withdrawn by the agency.";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Writes a new link for `email` in `executor` (the sending transaction); returns its token. */
export async function insertProposalLink(
  executor: Executor,
  proposalId: string,
  email: string,
  now: number,
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = newId();
  await executor
    .insertInto("proposalLinks")
    .values({
      id,
      proposalId,
      email: email.toLowerCase(),
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + PROPOSAL_LINK_LIFETIME_MS,
      openedAt: null,
      revokedAt: null,
    })
    .execute();
  return { id, token };
}

export interface LinkGrant {
  linkId: string;
  proposalId: string;
  email: string;
  /** When the grant ends: the link's own expiry. */
  expiresAt: number;
}

/**
 * Spends the link: the first opening wins, even with two at once (the update is conditional).
 * Refusals: not-found (no such token: a guess or a typo), gone (used, expired, withdrawn).
 */
export async function openProposalLink(token: string, now = Date.now()): Promise<LinkGrant> {
  if (!/^[\w-]{20,100}$/.test(token)) throw new Refusal("not-found", "This link is not valid.");
  return writeTransaction(async (trx) => {
    const link = await trx.selectFrom("proposalLinks").selectAll().where("tokenHash", "=", hashToken(token)).executeTakeFirst();
    if (!link) throw new Refusal("not-found", "This link is not valid.");
    if (link.revokedAt) throw new Refusal("gone", LINK_REVOKED, { recordId: link.proposalId });
    if (Number(link.expiresAt) <= now) throw new Refusal("gone", LINK_EXPIRED, { recordId: link.proposalId });
    const spent = await trx
      .updateTable("proposalLinks")
      .set({ openedAt: now })
      .where("id", "=", link.id)
      .where("openedAt", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new Refusal("gone", LINK_USED, { recordId: link.proposalId });
    return { linkId: link.id, proposalId: link.proposalId, email: link.email, expiresAt: Number(link.expiresAt) };
  });
}

/** The grant a cookie names, while its link is opened, unexpired and not withdrawn; else null. */
export async function activeGrant(linkId: string, now = Date.now()): Promise<LinkGrant | null> {
  const link = await db().selectFrom("proposalLinks").selectAll().where("id", "=", linkId).executeTakeFirst();
  if (!link || !link.openedAt || link.revokedAt || Number(link.expiresAt) <= now) return null;
  return { linkId: link.id, proposalId: link.proposalId, email: link.email, expiresAt: Number(link.expiresAt) };
}

/** Withdraws every link of the proposal (staff); open grants end with them. */
export async function revokeProposalLinks(actor: Actor, proposalId: string, now = Date.now()): Promise<number> {
  return writeTransaction(async (trx) => {
    const result = await trx
      .updateTable("proposalLinks")
      .set({ revokedAt: now })
      .where("proposalId", "=", proposalId)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    await recordAudit(trx, actor, { action: "proposal.links-revoked", entity: "proposal", entityId: proposalId, detail: { count } }, now);
    return count;
  });
}
