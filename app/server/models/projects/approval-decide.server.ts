import { brandIn } from "~/server/brand/brand.server";
import type { ApprovalSubjectType } from "~/lib/milestones";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { db, type Trx } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { approvalDecisionMail } from "~/server/mail/approval-mails.server";
import { mailRecipients } from "~/server/mail/config.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { recordAudit } from "../shared/audit.server";
import { notifyApprovalDecided } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { recordActivity } from "./project-activity.server";
import { projectChanged } from "./projects.server";
import { Refusal } from "~/lib/refusal";
import { projectLink } from "~/lib/links";

import { ALREADY_DECIDED, describeSubject, subjectTitle } from "./approvals.server";

// A member's decision on an approval, from the portal or an approval mail's link (decision 0099):
// final, recorded once with its audit, activity, notifications and mails in one transaction.

export interface Decider extends Actor {
  companyId: string;
  emailVerified: boolean;
}

export type DecisionInput = { projectId: string; approvalId: string; decision: "approve" | "changes"; comment?: string };

/**
 * A member of the project's company approves or asks for changes. Final: the update only takes a
 * row still pending, so of two members clicking at once exactly one decides and the other is told
 * (a conflict Refusal). An approval that is not one of the company's projects' is refused as not found.
 */
export async function decideApproval(
  member: Decider,
  input: DecisionInput,
  now = Date.now(),
): Promise<{ status: "approved" | "changes_requested" }> {
  const result = await db()
    .transaction()
    .execute((trx) => decideInTransaction(trx, member, input, "portal", now));
  afterDecision(input.projectId, member.companyId, result.notified);
  return { status: result.status };
}

/** After the commit of a decision: open pages and bells update, the mail worker wakes. */
export function afterDecision(projectId: string, companyId: string, notified: readonly string[]): void {
  projectChanged({ id: projectId, companyId });
  publishNotified(notified);
  notifyMailEnqueued();
}

/**
 * The decision itself, in the caller's transaction, so a mail link (decision 0099) is spent in the
 * same commit. `via` marks where it was taken: the audit entry and the team's mail say "e-mail".
 */
export async function decideInTransaction(
  trx: Trx,
  member: Decider,
  { projectId, approvalId, decision, comment = "" }: DecisionInput,
  via: "portal" | "email",
  now: number,
): Promise<{ status: "approved" | "changes_requested"; notified: string[] }> {
  const trimmed = comment.trim();
  if (decision === "changes" && !trimmed) throw new Refusal("conflict", "A comment is required to request changes.");
  const status = decision === "approve" ? ("approved" as const) : ("changes_requested" as const);
  const approval = await trx
    .selectFrom("approvals as a")
    .innerJoin("projects as p", "p.id", "a.projectId")
    .leftJoin("companies as c", "c.id", "p.companyId")
    .select([
      "a.subjectType",
      "a.subjectId",
      "a.status",
      "a.requestedBy",
      "p.title as projectTitle",
      "p.companyId",
      "c.name as companyName",
    ])
    .where("a.id", "=", approvalId)
    .where("a.projectId", "=", projectId)
    .where("p.companyId", "=", member.companyId)
    .where("p.archivedAt", "is", null)
    .executeTakeFirst();
  if (!approval) throw new Refusal("not-found", "This approval no longer exists.");
  if (approval.status !== "pending")
    throw new Refusal(
      "conflict",
      approval.status === "withdrawn" ? "The team withdrew this request; there is nothing to decide." : ALREADY_DECIDED,
    );
  const name = actorName(member);
  const updated = await trx
    .updateTable("approvals")
    .set({ status, decidedBy: member.id, decidedByName: name, decidedAt: now, comment: trimmed })
    .where("id", "=", approvalId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new Refusal("conflict", ALREADY_DECIDED);
  const title = await subjectTitle(trx, projectId, approval.subjectType as ApprovalSubjectType, approval.subjectId);
  const subject = describeSubject(approval.subjectType, title ?? null);
  const summary = status === "approved" ? `Approved ${subject}` : `Requested changes to ${subject}: ${trimmed}`;
  await recordActivity(
    trx,
    { id: member.id, name, side: "client" },
    { projectId, kind: `approval.${status}`, subjectType: "approval", subjectId: approvalId, summary },
    now,
  );
  await recordAudit(
    trx,
    member,
    {
      action: `approval.${status}`,
      entity: "project",
      entityId: projectId,
      detail: { companyId: member.companyId, approvalId, comment: trimmed, ...(via === "email" ? { via } : {}) },
    },
    now,
  );
  const mail = approvalDecisionMail(
    {
      projectTitle: approval.projectTitle,
      companyName: approval.companyName ?? "",
      subject,
      approved: status === "approved",
      memberName: name,
      comment: member.emailVerified ? trimmed || null : null,
      consoleUrl: absoluteUrl(projectLink("staff", projectId, "milestones")),
      fromMail: via === "email",
    },
    await brandIn(trx),
  );
  // The staff member who asked hears of it (else the staff who look after clients),
  // in the bell and by this mail; with nobody left to tell, the sales inbox (when one was entered) gets it.
  const decided = {
    id: approvalId,
    projectId,
    requestedBy: approval.requestedBy,
    title: `${name} ${status === "approved" ? "approved" : "asked for changes to"} the ${subject} of ${approval.projectTitle}`,
    comment: member.emailVerified ? trimmed : "",
  };
  const notified = await notifyApprovalDecided(trx, decided, { actorId: member.id, actorName: name }, mail, now);
  if (notified.length === 0) {
    const { sales } = await mailRecipients(trx);
    if (sales) await enqueueMail(trx, { to: sales, ...mail, idempotencyKey: `approval:${approvalId}:decision` }, now);
  }
  return { status, notified };
}
