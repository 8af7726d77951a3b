import { createHash } from "node:crypto";
import { db } from "~/server/db/db.server";
import { mailNewProposalLink } from "./proposal-send.server";

// "Mail me a new link" from a refused link's page: the token names the proposal (the page never
// carries its id), and the mail goes only to the address the proposal was sent to. Whatever
// happens the caller answers the same neutral sentence, so asking reveals nothing.

export const RELINK_ANSWER = "If this proposal is still open, a new link is on its way to the address it was sent to.";

export async function relinkByToken(token: string, now = Date.now()): Promise<void> {
  if (!/^[\w-]{20,100}$/.test(token)) return;
  const link = await db()
    .selectFrom("proposalLinks")
    .select("proposalId")
    .where("tokenHash", "=", createHash("sha256").update(token).digest("hex"))
    .executeTakeFirst();
  if (link) await mailNewProposalLink(link.proposalId, now);
}
