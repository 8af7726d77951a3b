import { parseWithZod } from "@conform-to/zod/v4";
import { DECISION_FAILURE } from "~/lib/milestones";
import { approvalDecisionSchema } from "~/lib/schemas/milestones";
import type { ClientUser } from "~/server/auth/session.server";
import { agencyToday } from "~/server/brand/locale.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { projectNotFound } from "~/server/http/workspace-tab.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { decideApproval } from "~/server/models/projects/approval-decide.server";
import { listApprovals } from "~/server/models/projects/approvals.server";
import { listMilestones } from "~/server/models/projects/milestones.server";
import { projectOwnerNames } from "~/server/models/projects/projects-staff-reads.server";
import { getProject } from "~/server/models/projects/projects.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";

// A project's Overview in the portal: its facts, progress, milestones and the approvals
// the company's members decide. Every read goes through the company-scoped project first.

async function companyProject(user: ClientUser, id: string) {
  const project = await getProject({ id, companyId: user.companyId });
  // Another company's project is "not found", exactly like an id that does not exist.
  if (!project) throw projectNotFound();
  return project;
}

export async function loadOverview(user: ClientUser, id: string) {
  const project = await companyProject(user, id);
  const [milestones, approvals, owners, today] = await Promise.all([
    listMilestones({ projectId: id }),
    listApprovals({ projectId: id }),
    projectOwnerNames(project.ownerId ? [project.ownerId] : []),
    agencyToday(),
  ]);
  const shown = (a: (typeof approvals)[number]) => a.subjectTitle !== null;
  return {
    today,
    project: {
      id: project.id,
      title: project.title,
      description: project.description,
      status: project.status,
      startDate: project.startDate,
      dueDate: project.dueDate,
      progress: project.progress,
      followsMilestones: project.progressMode === "milestones",
      ownerName: project.ownerId ? (owners[project.ownerId] ?? null) : null,
    },
    milestones: milestones.map((m) => ({ id: m.id, title: m.title, description: m.description, dueDate: m.dueDate, status: m.status })),
    waiting: approvals.filter((a) => a.status === "pending" && shown(a)),
    decided: approvals.filter((a) => a.status === "approved" || a.status === "changes_requested"),
  };
}

/** A member approves or asks for changes; a second decision on the same request is refused. */
export async function overviewAction(user: ClientUser, id: string, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["decide"]);
  const submission = parseWithZod(formData, { schema: approvalDecisionSchema });
  const rawTarget = formData.get("approvalId");
  const targetId = typeof rawTarget === "string" ? rawTarget.slice(0, 64) : undefined;
  if (submission.status !== "success") return formResult({ intent, targetId, status: "invalid", result: submission.reply() }, 400);
  await companyProject(user, id);
  const { approvalId, decision, comment } = submission.value;
  try {
    const decided = await decideApproval(user, { projectId: id, approvalId, decision, comment });
    const message = decided.status === "approved" ? "Approved. The team has been told." : "Changes requested. The team has been told.";
    return formResult({ intent, targetId, status: "success", message, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, targetId, submission });
    logger.error({ err: error }, "approval decision failed");
    return formResult({ intent, targetId, status: "error", message: DECISION_FAILURE, result: submission.reply() }, 500);
  }
}
