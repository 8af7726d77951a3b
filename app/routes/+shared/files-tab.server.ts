import { parseWithZod } from "@conform-to/zod/v4";
import { uploadNotice } from "~/lib/project-files";
import { deleteFileSchema } from "~/lib/schemas/project-files";
import { formResult } from "~/server/http/form-result.server";
import { projectNotFound } from "~/server/http/workspace-tab.server";
import { logger } from "~/server/logger.server";
import { deleteProjectFile, loadFilesTab, type FilesActor } from "~/server/models/projects/project-files.server";
import { isRefusal } from "~/lib/refusal";
import { FILE_PARAM } from "~/lib/links";
import { pageFrom } from "~/lib/pagination";
import { refusalResult } from "~/server/http/refusal.server";

// The Files tab's server half, shared by the portal and the console pages.

/**
 * The page asked for (?page=), else the page holding the file a link or a form names (?file=: an
 * approval's or an activity entry's link, a form posted from a later page without JavaScript),
 * else the first.
 */
export async function loadFilesPage(actor: FilesActor, id: string, request: Request) {
  const query = new URL(request.url).searchParams;
  const fileId = query.get(FILE_PARAM) ?? undefined;
  const at = query.has("page") || !fileId ? { page: pageFrom(query).page } : { fileId };
  const tab = await loadFilesTab(actor, id, at);
  if (!tab) throw projectNotFound();
  return { ...tab, notice: uploadNotice(query.get("upload")) };
}

/** "Delete" on a file row: the rules are the model's (staff any; a client their own, while uploads are on). */
export async function deleteFileAction(actor: FilesActor, projectId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteFileSchema });
  if (submission.status !== "success")
    return formResult({ intent: "delete-file", status: "invalid", message: "Unknown file.", result: submission.reply() }, 400);
  const { fileId } = submission.value;
  try {
    const { name } = await deleteProjectFile(actor, { projectId, fileId });
    return formResult({ intent: "delete-file", status: "success", targetId: fileId, message: `Deleted “${name}”.` });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent: "delete-file", targetId: fileId });
    logger.error({ err: error }, "file delete failed");
    return formResult(
      { intent: "delete-file", status: "error", targetId: fileId, message: "The file could not be deleted. Please try again." },
      500,
    );
  }
}
