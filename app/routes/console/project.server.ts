import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PROGRESS_FAILURE } from "~/lib/console-failures";
import type { FormResult } from "~/lib/form-result";
import { projectProgressSchema, todayUtc } from "~/lib/schemas/projects-staff";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { getProjectForStaff, listOwnerOptions } from "~/server/models/projects-staff-reads.server";
import { ProjectRuleError, setProjectArchived } from "~/server/models/projects-staff.server";
import { setProjectProgress } from "~/server/models/projects.server";
import { saveProjectForm } from "./project-form.server";

/** The project, its history, the owners it may be given to, and whether a confirmation is open. */
export async function loadProject(request: Request, id: string) {
  const project = await getProjectForStaff({ id });
  if (!project) throw data("There is no project with this id.", { status: 404, statusText: "Project not found" });
  const owners = await listOwnerOptions();
  // A disabled colleague stays the owner until someone changes it: keep them choosable.
  if (project.ownerId && !owners.some((o) => o.id === project.ownerId)) {
    owners.push({ id: project.ownerId, name: `${project.ownerName?.trim() || project.ownerEmail || "Former staff"} (disabled)` });
  }
  const params = new URL(request.url).searchParams;
  return { project, owners, today: todayUtc(), created: params.has("created"), confirmArchive: params.get("confirm") === "archive" };
}

function progressAnswer(body: Omit<FormResult, "intent">, status = 200) {
  return formResult({ intent: "set-progress", ...body }, status);
}

/** Staff set the progress with a note (issue 5), now from the project's own page. */
async function setProgress(user: SessionUser, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: projectProgressSchema });
  if (submission.status !== "success") return progressAnswer({ status: "invalid", targetId: id, result: submission.reply() }, 400);
  const { projectId, progress, note } = submission.value;
  // The page's project only: a forged id of another project is refused, not followed.
  if (projectId !== id) return progressAnswer({ status: "error", targetId: id, message: "This project does not exist.", result: submission.reply() }, 404);
  try {
    const entry = await setProjectProgress(user, { id, progress, note });
    if (!entry) return progressAnswer({ status: "error", targetId: id, message: "This project is archived or no longer exists.", result: submission.reply() }, 409);
  } catch (error) {
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
    if (outcome === "missing") return formResult({ intent, status: "error", message: "This project no longer exists." }, 404);
    return formResult({ intent, status: outcome === "saved" ? "success" : "unchanged", message: outcome === "saved" ? ARCHIVED[intent] : "Nothing to change." });
  } catch (error) {
    if (error instanceof ProjectRuleError) return formResult({ intent, status: "error", message: error.message }, 409);
    logger.error({ err: error }, "project archive failed");
    return formResult({ intent, status: "error", message: "The change could not be saved. Please try again." }, 500);
  }
}

/** The page's forms: the project's fields, its progress, archive and restore. */
export async function projectAction(user: SessionUser, id: string, request: Request) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "set-progress", "archive", "restore"]);
  if (intent === "set-progress") return setProgress(user, id, formData);
  if (intent === "archive" || intent === "restore") return setArchived(user, id, intent);
  return saveProjectForm(user, formData, { id });
}
