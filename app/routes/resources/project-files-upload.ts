import { redirect } from "react-router";
import type { Route } from "./+types/project-files-upload";
import { projectLink } from "~/lib/links";
import { uploadNoticeCode } from "~/lib/project-files";
import { uploadProjectFiles } from "~/server/models/projects/project-file-uploads.server";
import { parseUploadForm } from "~/server/uploads/project-upload.server";
import { requireFilesActor } from "../+shared/files-actor.server";
import { fileUploadStatus } from "../+shared/upload-status.server";

// One upload session of the Files tab, from either side. With JavaScript the page posts
// here with XMLHttpRequest (progress bar) and reads JSON; without, the plain multipart form posts
// here and is sent back to the tab (303) with the outcome as a code.
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireFilesActor(request);
  const outcome = await uploadProjectFiles(actor, params.id, (limits) => parseUploadForm(request, limits));
  if ((request.headers.get("accept") ?? "").includes("application/json")) {
    return Response.json(outcome, { status: fileUploadStatus(outcome), headers: { "Cache-Control": "no-store" } });
  }
  if (outcome.reason === "missing") throw new Response(outcome.message, { status: 404, statusText: "Not found" });
  const tab = projectLink(actor.side, params.id, "files");
  return redirect(`${tab}?upload=${uploadNoticeCode(outcome.reason, outcome.status === "success")}`, 303);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
