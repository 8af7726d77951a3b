import { newId } from "~/lib/ids";
import { brandIn } from "~/server/brand/brand.server";
import type { ApprovalSubjectType, ApprovalView } from "~/lib/milestones";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { db, type Executor, type Trx } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { approvalRequestedMail } from "~/server/mail/approval-mails.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { recordAudit } from "../shared/audit.server";
import { nameNow } from "../shared/people.server";
import { notifyApprovalRequested } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { notThere, projectForChange, staffSide } from "./milestones.server";
import { recordActivity } from "./project-activity.server";
import { projectChanged } from "./projects.server";
import { Refusal } from "~/lib/refusal";
import { approvalMailLink, projectLink } from "~/lib/links";
import { issueApprovalMailLink, mailDecisionsAllowed } from "./approval-mail-tokens.server";

// A request for the client's sign-off on a milestone or a file. One row per
// request; a decision is final, and asking again makes a new row, so the newest row per subject is
// the subject's state. At most one request per subject waits at a time (a unique partial index).

export interface ApprovalState extends ApprovalView {
  id: string;
}

export const ALREADY_DECIDED = "This approval was already decided. A decision cannot be changed; the team can ask again.";
export const ALREADY_WAITING = "An approval is already waiting for this. Withdraw it to ask again.";
const NOTHING_TO_WITHDRAW = "The client has already decided; there is nothing to withdraw.";

const toState = <T extends { requestedAt: number | string; decidedAt: number | string | null }>(row: T) => ({
  ...row,
  requestedAt: Number(row.requestedAt),
  decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
});

/**
 * The newest approval of each subject of one type in a project, by subject id. Subjects never
 * asked about are absent. The caller has already scoped the project to the viewer (a company's
 * project or a staff member with the clients area).
 */
export async function latestApprovals({
  projectId,
  subjectType,
}: {
  projectId: string;
  subjectType: ApprovalSubjectType;
}): Promise<Record<string, ApprovalState>> {
  const rows = await db()
    .selectFrom("approvals")
    .select(["id", "subjectId", "status", "requestedAt", "decidedAt", "comment", "note"])
    .select([
      nameNow("approvals.requestedBy", "approvals.requestedByName").as("requestedByName"),
      nameNow<string | null>("approvals.decidedBy", "approvals.decidedByName").as("decidedByName"),
    ])
    .where("projectId", "=", projectId)
    .where("subjectType", "=", subjectType)
    .orderBy("requestedAt", "asc")
    .orderBy("id", "asc")
    .execute();
  const latest: Record<string, ApprovalState> = {};
  // Oldest first, so the newest request of a subject is the one left in the map.
  for (const { subjectId, ...row } of rows) latest[subjectId] = toState(row);
  return latest;
}

export interface ApprovalEntry extends ApprovalState {
  subjectType: string;
  subjectId: string;
  /** The milestone's title or the file's name; null once the subject is gone. */
  subjectTitle: string | null;
}

/** Every approval of a project with what it is about, newest first (the caller scoped the project). */
export async function listApprovals({ projectId }: { projectId: string }): Promise<ApprovalEntry[]> {
  const rows = await db()
    .selectFrom("approvals as a")
    .leftJoin("milestones as m", (join) => join.onRef("m.id", "=", "a.subjectId").on("a.subjectType", "=", "milestone"))
    .leftJoin("projectFiles as f", (join) => join.onRef("f.id", "=", "a.subjectId").on("a.subjectType", "=", "file"))
    .select([
      "a.id",
      "a.subjectType",
      "a.subjectId",
      "a.status",
      "a.requestedAt",
      "a.decidedAt",
      "a.comment",
      "a.note",
      "m.title as milestoneTitle",
      "f.name as fileName",
    ])
    .select([
      nameNow("a.requestedBy", "a.requestedByName").as("requestedByName"),
      nameNow<string | null>("a.decidedBy", "a.decidedByName").as("decidedByName"),
    ])
    .where("a.projectId", "=", projectId)
    .orderBy("a.requestedAt", "desc")
    .orderBy("a.id", "desc")
    .execute();
  return rows.map(({ milestoneTitle, fileName, ...row }) => ({ ...toState(row), subjectTitle: milestoneTitle ?? fileName ?? null }));
}

export async function subjectTitle(
  trx: Trx,
  projectId: string,
  subjectType: ApprovalSubjectType,
  subjectId: string,
): Promise<string | undefined> {
  if (subjectType === "milestone") {
    const row = await trx
      .selectFrom("milestones")
      .select("title")
      .where("id", "=", subjectId)
      .where("projectId", "=", projectId)
      .executeTakeFirst();
    return row?.title;
  }
  const row = await trx
    .selectFrom("projectFiles")
    .select("name")
    .where("id", "=", subjectId)
    .where("projectId", "=", projectId)
    .executeTakeFirst();
  return row?.name;
}

export const describeSubject = (subjectType: string, title: string | null) =>
  `${subjectType === "file" ? "file" : "milestone"} "${title ?? "(removed)"}"`;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * Staff ask the company to approve a milestone or a file of the project ("Ask for approval", and
 * "Ask again" after a decision). Refused as not found when the project or the subject is not there,
 * as a conflict when a request for it is already waiting.
 */
export async function requestApproval(
  actor: Actor,
  {
    projectId,
    subjectType,
    subjectId,
    note = "",
  }: { projectId: string; subjectType: ApprovalSubjectType; subjectId: string; note?: string },
  now = Date.now(),
): Promise<{ id: string }> {
  let result;
  try {
    result = await db()
      .transaction()
      .execute(async (trx) => {
        const project = await projectForChange(trx, projectId);
        const title = await subjectTitle(trx, projectId, subjectType, subjectId);
        if (title === undefined) throw notThere();
        const waiting = await trx
          .selectFrom("approvals")
          .select("id")
          .where("subjectType", "=", subjectType)
          .where("subjectId", "=", subjectId)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (waiting) throw new Refusal("conflict", ALREADY_WAITING);
        const id = newId();
        const trimmed = note.trim();
        await trx
          .insertInto("approvals")
          .values({
            id,
            projectId,
            subjectType,
            subjectId,
            requestedBy: actor.id,
            requestedByName: actorName(actor),
            requestedAt: now,
            note: trimmed,
          })
          .execute();
        await recordActivity(
          trx,
          staffSide(actor),
          {
            projectId,
            kind: "approval.requested",
            subjectType: "approval",
            subjectId: id,
            summary: `Asked for approval of ${describeSubject(subjectType, title)}`,
          },
          now,
        );
        await recordAudit(
          trx,
          actor,
          {
            action: "approval.request",
            entity: "project",
            entityId: projectId,
            detail: { companyId: project.companyId, approvalId: id, subjectType, subjectId, note: trimmed },
          },
          now,
        );
        const subject = describeSubject(subjectType, title);
        const brand = await brandIn(trx);
        const input = {
          projectTitle: project.title,
          subject,
          askedBy: actorName(actor),
          note: trimmed,
          portalUrl: absoluteUrl(projectLink("client", projectId)),
        };
        const mail = approvalRequestedMail(input, brand);
        // Each member's mail gets their own one-click links, when the company allows them (decision 0099).
        const links = project.companyId !== null && (await mailDecisionsAllowed(trx, project.companyId));
        const mailFor = links
          ? async (executor: Executor, userId: string) => {
              const token = await issueApprovalMailLink(executor, { approvalId: id, userId }, now);
              const decideUrls = {
                approve: absoluteUrl(approvalMailLink(id, token, "approve")),
                changes: absoluteUrl(approvalMailLink(id, token, "changes")),
              };
              return approvalRequestedMail({ ...input, decideUrls }, brand);
            }
          : undefined;
        const approval = { id, projectId, companyId: project.companyId, subject, note: trimmed };
        const asker = { actorId: actor.id, actorName: actorName(actor) };
        const notified = await notifyApprovalRequested(trx, approval, asker, mail, now, mailFor);
        return { id, companyId: project.companyId, notified };
      });
  } catch (error) {
    // Two staff members asking at the same moment: the index lets one through.
    if (isUniqueViolation(error)) throw new Refusal("conflict", ALREADY_WAITING);
    throw error;
  }
  projectChanged({ id: projectId, companyId: result.companyId });
  publishNotified(result.notified);
  notifyMailEnqueued();
  return { id: result.id };
}

/**
 * Staff take back a request still waiting. Refused as not found for an unknown id, as a conflict
 * once the client answered.
 */
export async function withdrawApproval(
  actor: Actor,
  { projectId, approvalId }: { projectId: string; approvalId: string },
  now = Date.now(),
): Promise<void> {
  const companyId = await db()
    .transaction()
    .execute(async (trx) => {
      const project = await projectForChange(trx, projectId);
      const approval = await trx
        .selectFrom("approvals")
        .select(["subjectType", "subjectId"])
        .where("id", "=", approvalId)
        .where("projectId", "=", projectId)
        .executeTakeFirst();
      if (!approval) throw notThere();
      const updated = await trx
        .updateTable("approvals")
        .set({ status: "withdrawn", decidedBy: actor.id, decidedByName: actorName(actor), decidedAt: now })
        .where("id", "=", approvalId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw new Refusal("conflict", NOTHING_TO_WITHDRAW);
      const title = await subjectTitle(trx, projectId, approval.subjectType as ApprovalSubjectType, approval.subjectId);
      await recordActivity(
        trx,
        staffSide(actor),
        {
          projectId,
          kind: "approval.withdrawn",
          subjectType: "approval",
          subjectId: approvalId,
          summary: `Withdrew the request for approval of ${describeSubject(approval.subjectType, title ?? null)}`,
        },
        now,
      );
      await recordAudit(
        trx,
        actor,
        { action: "approval.withdraw", entity: "project", entityId: projectId, detail: { companyId: project.companyId, approvalId } },
        now,
      );
      return project.companyId;
    });
  projectChanged({ id: projectId, companyId });
}
