import { parseWithZod } from "@conform-to/zod/v4";
import { clientUploadsSchema } from "~/lib/schemas/project-files";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { setClientUploads } from "~/server/models/projects/project-files.server";
import { deleteFileAction } from "../+shared/files-tab.server";
import { askForFileApproval } from "./project-milestones.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { requireVisibleProject } from "./project-access.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

/** The console Files tab's forms: delete a file, ask for its approval, and the switch "Clients can upload files". */
export async function consoleFilesAction(user: SessionUser, id: string, request: Request) {
  await requireVisibleProject(user, id);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["delete-file", "request-approval", "client-uploads"]);
  if (intent === "delete-file") return deleteFileAction({ user, side: "staff", scope: await companyScope(user) }, id, formData);
  if (intent === "request-approval") return askForFileApproval(user, id, formData);
  const submission = parseWithZod(formData, { schema: clientUploadsSchema });
  if (submission.status !== "success")
    return formResult({ intent, status: "invalid", message: "Choose on or off.", result: submission.reply() }, 400);
  const on = submission.value.clientUploads === "on";
  try {
    const changed = await setClientUploads(user, id, on);
    const message = on
      ? "Clients can upload files to this project."
      : "Clients can no longer upload files to this project; they can still download.";
    return formResult({ intent, status: changed ? "success" : "unchanged", message: changed ? message : "Nothing to change." });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, "client uploads switch failed");
    return formResult({ intent, status: "error", message: "The change could not be saved. Please try again." }, 500);
  }
}
