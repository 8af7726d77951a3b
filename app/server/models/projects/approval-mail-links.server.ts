import { Refusal } from "~/lib/refusal";
import { db, type Executor } from "~/server/db/db.server";
import { nameNow } from "../shared/people.server";
import { afterDecision, decideInTransaction, type DecisionInput } from "./approval-decide.server";
import { hashToken } from "./approval-mail-tokens.server";

// Decision 0099: an approval request mail carries, for each member it goes to, a link that opens a
// page asking to confirm "Approve" or "Request changes". The token is 32 random bytes, stored only
// as its SHA-256, and names one approval and one person. The page (GET) only reads; the POST spends
// the link in the same transaction as the decision, which is the portal's own (audit, activity,
// notifications, live events), marked as taken from e-mail. Every check runs again at the POST:
// the company may have switched links off, the person may have left, the request may be decided.

export const LINK_INVALID = "This link is not valid.";
export const LINK_USED = "This link was already used. Each link works once.";
export const LINK_EXPIRED = "This link has expired. Links in approval e-mails work for 7 days.";
export const LINK_REVOKED = "This link no longer works: you are no longer a member of this company.";
export const LINKS_OFF = "Approvals of your company are decided in the portal only; this link no longer works.";

/** What the confirmation page shows: only with a link that may still decide. */
export interface ApprovalLinkView {
  approvalId: string;
  projectId: string;
  projectTitle: string;
  subjectType: string;
  subjectTitle: string | null;
  requestedByName: string;
  requestedAt: number;
  note: string;
  memberName: string;
}

interface CheckedLink extends ApprovalLinkView {
  linkId: string;
  member: { id: string; email: string; name: string; companyId: string; emailVerified: boolean };
}

/**
 * Every condition of a link, in order. An unknown token, or one of another approval, is not-found
 * (the same answer, so the page reveals nothing); used, expired, a person who left, a closed company
 * or links switched off are gone; a request no longer waiting is a conflict.
 */
async function checkLink(executor: Executor, approvalId: string, token: string, now: number): Promise<CheckedLink> {
  if (!/^[\w-]{40,60}$/.test(token)) throw new Refusal("not-found", LINK_INVALID);
  const row = await executor
    .selectFrom("approvalMailLinks as l")
    .innerJoin("approvals as a", "a.id", "l.approvalId")
    .innerJoin("projects as p", "p.id", "a.projectId")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "a.subjectId").on("a.subjectType", "=", "milestone"))
    .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "a.subjectId").on("a.subjectType", "=", "file"))
    .innerJoin("users as u", "u.id", "l.userId")
    .select(["l.id as linkId", "l.approvalId", "l.expiresAt", "l.usedAt", "a.projectId", "a.subjectType", "a.requestedAt", "a.note"])
    .select(["a.status", "p.title as projectTitle", "p.companyId", "p.archivedAt", "c.closedAt", "c.mailDecisions"])
    .select(["m.title as milestoneTitle", "f.name as fileName"])
    .select(["u.id as userId", "u.email", "u.name", "u.role", "u.emailVerified", "u.companyId as memberCompanyId"])
    .select(nameNow("a.requestedBy", "a.requestedByName").as("requestedByName"))
    .where("l.tokenHash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.approvalId !== approvalId) throw new Refusal("not-found", LINK_INVALID);
  if (row.usedAt !== null) throw new Refusal("gone", LINK_USED, { recordId: row.projectId });
  if (Number(row.expiresAt) <= now) throw new Refusal("gone", LINK_EXPIRED, { recordId: row.projectId });
  const stillMember = row.role === "client" && row.companyId !== null && row.memberCompanyId === row.companyId;
  if (!stillMember || row.closedAt !== null || row.archivedAt !== null) throw new Refusal("gone", LINK_REVOKED);
  if (Number(row.mailDecisions) !== 1) throw new Refusal("gone", LINKS_OFF, { recordId: row.projectId });
  if (row.status !== "pending")
    throw new Refusal(
      "conflict",
      row.status === "withdrawn" ? "The team withdrew this request; there is nothing to decide." : "This approval was already decided.",
      { recordId: row.projectId },
    );
  return {
    linkId: row.linkId,
    approvalId,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    subjectType: row.subjectType,
    subjectTitle: row.milestoneTitle ?? row.fileName ?? null,
    requestedByName: row.requestedByName,
    requestedAt: Number(row.requestedAt),
    note: row.note,
    memberName: row.name,
    member: { id: row.userId, email: row.email, name: row.name, companyId: row.companyId!, emailVerified: Boolean(row.emailVerified) },
  };
}

/** The page's read: changes nothing. Throws the refusal that says why the link cannot decide. */
export async function readApprovalMailLink(
  { approvalId, token }: { approvalId: string; token: string },
  now = Date.now(),
): Promise<ApprovalLinkView> {
  const { linkId: _linkId, member: _member, ...view } = await checkLink(db(), approvalId, token, now);
  return view;
}

/**
 * The POST: checks the link again, spends it and records the decision in one transaction, so a
 * refused decision leaves the link unspent and two posts at once decide once.
 */
export async function decideFromMail(
  { approvalId, token, decision, comment }: { approvalId: string; token: string } & Pick<DecisionInput, "decision" | "comment">,
  now = Date.now(),
): Promise<{ status: "approved" | "changes_requested"; projectId: string }> {
  const result = await db()
    .transaction()
    .execute(async (trx) => {
      const link = await checkLink(trx, approvalId, token, now);
      const spent = await trx
        .updateTable("approvalMailLinks")
        .set({ usedAt: now })
        .where("id", "=", link.linkId)
        .where("usedAt", "is", null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw new Refusal("gone", LINK_USED);
      const decided = await decideInTransaction(
        trx,
        link.member,
        { projectId: link.projectId, approvalId, decision, comment },
        "email",
        now,
      );
      return { ...decided, projectId: link.projectId, companyId: link.member.companyId };
    });
  afterDecision(result.projectId, result.companyId, result.notified);
  return { status: result.status, projectId: result.projectId };
}
