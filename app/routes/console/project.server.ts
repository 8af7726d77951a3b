import { parseWithZod } from "@conform-to/zod/v4";
import { PROGRESS_FAILURE } from "~/lib/console-failures";
import { PROGRESS_FOLLOWS_MILESTONES } from "~/lib/milestones";
import type { FormResult } from "~/lib/form-result";
import { projectProgressSchema } from "~/lib/schemas/projects-staff";
import type { SessionUser } from "~/server/auth/actor.server";
import { agencyToday } from "~/server/brand/locale.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { projectNotFound } from "~/server/http/workspace-tab.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { getProgressMode } from "~/server/models/projects/milestones.server";
import { getProjectForStaff, listOwnerOptions } from "~/server/models/projects/projects-staff-reads.server";
import { setProjectArchived } from "~/server/models/projects/projects-staff.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { setProjectProgress } from "~/server/models/projects/projects.server";
import { saveProjectForm } from "./project-form.server";
import { requireVisibleProject } from "./project-access.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

/** The project, its history, the owners it may be given to, whether a confirmation is open, and whether the user may delete it. */
export async function loadProject(user: SessionUser, request: Request, id: string) {
  const project = await getProjectForStaff({ id, scope: await companyScope(user) });
  if (!project) throw projectNotFound();
  const [owners, progressMode, today] = await Promise.all([listOwnerOptions(), getProgressMode({ projectId: id }), agencyToday()]);
  // A disabled colleague stays the owner until someone changes it: keep them choosable.
  if (project.ownerId && !owners.some((o) => o.id === project.ownerId)) {
    owners.push({ id: project.ownerId, name: `${project.ownerName?.trim() || project.ownerEmail || "Former staff"} (disabled)` });
  }
  const params = new URL(request.url).searchParams;
  const confirm = params.get("confirm");
  return {
    project: { ...project, progressMode },
    owners,
    today,
    created: params.has("created"),
    confirmArchive: confirm === "archive",
    confirmDelete: confirm === "delete",
    // Decision 0043: deleting for good is an admin's.
    mayDelete: user.staffRole === "admin",
  };
}

function progressAnswer(body: Omit<FormResult, "intent">, status = 200) {
  return formResult({ intent: "set-progress", ...body }, status);
}

/** Staff set the progress with a note, now from the project's own page. */
async function setProgress(user: SessionUser, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: projectProgressSchema });
  if (submission.status !== "success") return progressAnswer({ status: "invalid", targetId: id, result: submission.reply() }, 400);
  const { projectId, progress, note } = submission.value;
  // The page's project only: a forged id of another project is refused, not followed.
  if (projectId !== id)
    return progressAnswer({ status: "error", targetId: id, message: "This project does not exist.", result: submission.reply() }, 404);
  // While progress follows the milestones, a value set by hand would be overwritten.
  if ((await getProgressMode({ projectId: id })) === "milestones")
    return progressAnswer({ status: "error", targetId: id, message: PROGRESS_FOLLOWS_MILESTONES, result: submission.reply() }, 409);
  try {
    await setProjectProgress(user, { id, progress, note });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "set-progress", targetId: id, submission });
    logger.error({ err: error }, "project progress failed");
    return progressAnswer({ status: "error", targetId: id, message: PROGRESS_FAILURE, result: submission.reply() }, 500);
  }
  return progressAnswer({ status: "success", targetId: id, message: `Progress set to ${progress}%. The client sees it now.` });
}

const ARCHIVED = {
  archive: "Project archived: it has left the client's My Projects and the console's lists.",
  restore: "Project restored: the client's members see it again.",
};

async function setArchived(user: SessionUser, id: string, intent: "archive" | "restore") {
  try {
    const outcome = await setProjectArchived(user, id, intent === "archive");
    return formResult({
      intent,
      status: outcome === "saved" ? "success" : "unchanged",
      message: outcome === "saved" ? ARCHIVED[intent] : "Nothing to change.",
    });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, "project archive failed");
    return formResult({ intent, status: "error", message: "The change could not be saved. Please try again." }, 500);
  }
}

/** The page's forms: the project's fields, its progress, archive and restore. */
export async function projectAction(user: SessionUser, id: string, request: Request) {
  await requireVisibleProject(user, id);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "set-progress", "archive", "restore"]);
  if (intent === "set-progress") return setProgress(user, id, formData);
  if (intent === "archive" || intent === "restore") return setArchived(user, id, intent);
  return saveProjectForm(user, formData, { id });
}
