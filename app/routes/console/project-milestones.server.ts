import { parseWithZod } from "@conform-to/zod/v4";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import type { FormResult } from "~/lib/form-result";
import { NO_LONGER_THERE, type ApprovalSubjectType } from "~/lib/milestones";
import { milestoneMoveSchema, milestoneSchema, progressModeSchema, requestApprovalSchema } from "~/lib/schemas/milestones";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { loadWorkspaceTab } from "~/server/http/workspace-tab.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { latestApprovals, requestApproval, withdrawApproval } from "~/server/models/projects/approvals.server";
import {
  addMilestone,
  getProgressMode,
  listMilestones,
  moveMilestone,
  removeMilestone,
  setProgressMode,
  updateMilestone,
} from "~/server/models/projects/milestones.server";
import { getProjectForStaff } from "~/server/models/projects/projects-staff-reads.server";
import { requireVisibleProject } from "./project-access.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";

// The console's Milestones tab. Staff only (the route's guard runs first).

export const MILESTONE_INTENTS = [
  "add",
  "edit",
  "move-up",
  "move-down",
  "move-to",
  "remove",
  "progress-mode",
  "request-approval",
  "withdraw-approval",
] as const;
type Intent = (typeof MILESTONE_INTENTS)[number];

export async function loadMilestonesPage(user: SessionUser, id: string) {
  const [project, [milestones, approvals, progressMode]] = await loadWorkspaceTab(
    companyScope(user).then((scope) => getProjectForStaff({ id, scope })),
    Promise.all([
      listMilestones({ projectId: id }),
      latestApprovals({ projectId: id, subjectType: "milestone" }),
      getProgressMode({ projectId: id }),
    ]),
  );
  return {
    project: {
      id: project.id,
      title: project.title,
      companyId: project.companyId,
      companyName: project.companyName,
      progress: project.progress,
      archived: project.archivedAt !== null,
      progressMode,
    },
    milestones: milestones.map((m) => ({
      id: m.id,
      title: m.title,
      description: m.description,
      dueDate: m.dueDate,
      status: m.status,
      approval: approvals[m.id] ?? null,
    })),
  };
}

const answer = (intent: Intent, target: string, body: Omit<FormResult, "intent" | "targetId">, status = 200) =>
  formResult({ intent, targetId: target, ...body }, status);

const SAVED: Record<Intent, string> = {
  add: "Milestone added. The client sees it now.",
  edit: "Milestone saved.",
  "move-up": "Milestone moved up.",
  "move-down": "Milestone moved down.",
  "move-to": "Milestone moved.",
  remove: "Milestone removed.",
  "progress-mode": "Progress setting saved.",
  "request-approval": "Approval requested. The client's members can decide in their portal now.",
  "withdraw-approval": "Request withdrawn.",
};

/** The posted row, so only that row's form shows the answer (the Files tab's form: the file's id). */
function targetOf(formData: FormData): string {
  for (const name of ["target", "subjectId", "id"]) {
    const value = formData.get(name);
    if (typeof value === "string" && /^[\w-]{1,64}$/.test(value)) return value;
  }
  return "new";
}

async function run(intent: Intent, user: SessionUser, id: string, formData: FormData) {
  const target = targetOf(formData);
  if (intent === "add" || intent === "edit") {
    const submission = parseWithZod(formData, { schema: milestoneSchema });
    if (submission.status !== "success") return answer(intent, target, { status: "invalid", result: submission.reply() }, 400);
    const { milestoneId } = submission.value;
    if (intent === "edit" && !milestoneId) return answer(intent, target, { status: "error", message: NO_LONGER_THERE }, 404);
    try {
      const outcome =
        intent === "add" ? await addMilestone(user, id, submission.value) : await updateMilestone(user, id, milestoneId!, submission.value);
      const reset = intent === "add" && outcome === "saved";
      return settle(intent, target, outcome, submission.reply(reset ? { resetForm: true } : {}));
    } catch (error) {
      // A milestone gone meanwhile: the form keeps what was typed.
      if (isRefusal(error, "not-found")) return refusalResult(error, { intent, targetId: target, submission });
      throw error;
    }
  }
  if (intent === "progress-mode") {
    const submission = parseWithZod(formData, { schema: progressModeSchema });
    if (submission.status !== "success") return answer(intent, target, { status: "invalid", result: submission.reply() }, 400);
    return settle(intent, target, await setProgressMode(user, id, submission.value.mode));
  }
  if (intent === "request-approval") return requestFrom(user, id, formData, target);
  const rowId = formData.get("id");
  if (typeof rowId !== "string" || !/^[\w-]{1,64}$/.test(rowId))
    return answer(intent, target, { status: "error", message: NO_LONGER_THERE }, 400);
  if (intent === "withdraw-approval") {
    await withdrawApproval(user, { projectId: id, approvalId: rowId });
    return settle(intent, target, "saved");
  }
  if (intent === "remove") return settle(intent, target, await removeMilestone(user, id, rowId));
  if (intent === "move-to") {
    const submission = parseWithZod(formData, { schema: milestoneMoveSchema });
    if (submission.status !== "success") return answer(intent, target, { status: "invalid", result: submission.reply() }, 400);
    return settle(intent, target, await moveMilestone(user, id, rowId, { position: submission.value.position }));
  }
  return settle(intent, target, await moveMilestone(user, id, rowId, intent === "move-up" ? "up" : "down"));
}

function settle(intent: Intent, target: string, outcome: "saved" | "unchanged", result?: FormResult["result"]) {
  if (outcome === "unchanged") return answer(intent, target, { status: "unchanged", message: "Nothing to change.", result });
  return answer(intent, target, { status: "success", message: SAVED[intent], result });
}

async function requestFrom(user: SessionUser, id: string, formData: FormData, target: string, only?: ApprovalSubjectType) {
  const intent = "request-approval";
  const submission = parseWithZod(formData, { schema: requestApprovalSchema });
  if (submission.status !== "success") return answer(intent, target, { status: "invalid", result: submission.reply() }, 400);
  if (only && submission.value.subjectType !== only)
    return answer(intent, target, { status: "error", message: NO_LONGER_THERE, result: submission.reply() }, 400);
  try {
    await requestApproval(user, { projectId: id, ...submission.value });
  } catch (error) {
    if (isRefusal(error, "not-found")) return refusalResult(error, { intent, targetId: target, submission });
    throw error;
  }
  return settle(intent, target, "saved", submission.reply({ resetForm: true }));
}

function failed(intent: Intent, formData: FormData, error: unknown) {
  if (isRefusal(error)) return refusalResult(error, { intent, targetId: targetOf(formData) });
  logger.error({ err: error }, "milestone change failed");
  return answer(intent, targetOf(formData), { status: "error", message: CHANGE_FAILURE }, 500);
}

/**
 * "Ask for approval" of a file, posted to the Files tab itself: without JavaScript the answer comes
 * back on that tab, in the file's row (decision 0043). Same rules and messages as on Milestones.
 */
export async function askForFileApproval(user: SessionUser, id: string, formData: FormData) {
  try {
    return await requestFrom(user, id, formData, targetOf(formData), "file");
  } catch (error) {
    return failed("request-approval", formData, error);
  }
}

/** Every form of the tab. */
export async function milestonesAction(user: SessionUser, id: string, request: Request) {
  await requireVisibleProject(user, id);
  const formData = await readForm(request);
  const intent = requireIntent(formData, MILESTONE_INTENTS);
  try {
    return await run(intent, user, id, formData);
  } catch (error) {
    return failed(intent, formData, error);
  }
}
