import { createHash, randomBytes } from "node:crypto";
import { newId } from "~/lib/ids";
import type { Executor } from "~/server/db/db.server";

// The tokens of approval mail links (decision 0099), apart from approval-mail-links.server.ts so
// the request (approvals.server.ts) can issue them without an import cycle.

export const APPROVAL_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether the company lets its members decide from the mail (on unless staff turned it off). */
export async function mailDecisionsAllowed(executor: Executor, companyId: string): Promise<boolean> {
  const row = await executor.selectFrom("companies").select("mailDecisions").where("id", "=", companyId).executeTakeFirst();
  return Boolean(row && Number(row.mailDecisions) === 1);
}

/** A new link for one member, written in the request's transaction; returns the token for the mail. */
export async function issueApprovalMailLink(
  executor: Executor,
  { approvalId, userId }: { approvalId: string; userId: string },
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await executor
    .insertInto("approvalMailLinks")
    .values({
      id: newId(),
      approvalId,
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + APPROVAL_LINK_LIFETIME_MS,
      usedAt: null,
    })
    .execute();
  return token;
}
