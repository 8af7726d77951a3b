import { Readable } from "node:stream";
import type { Route } from "./+types/application-resume";
import { findResume } from "~/server/models/pipeline/applications-staff.server";
import { RESUME_CONTENT_TYPES, sanitizeFilename, type ResumeKind } from "~/server/uploads/resume-upload.server";
import { requireStaff } from "~/server/auth/session.server";
import { attachmentResponse } from "~/server/http/attachment.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";
import { FileNotFound, fileStore } from "~/server/storage/storage.server";

const notFound = () => new Response("This application has no resume.", { status: 404, statusText: "Not found" });

/**
 * docs/security.md "Uploads": resumes are private; staff download them here, streamed from
 * storage as an attachment that the browser must not sniff or keep.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "applications");
  const resume = await findResume(params.id);
  if (!resume) throw notFound();
  let file;
  try {
    file = await fileStore().read(resume.key);
  } catch (error) {
    if (error instanceof FileNotFound) throw notFound();
    throw error;
  }
  // Who took a CV out of the console, and when.
  await recordStaffRead(user, { action: "resume.download", entity: "application", entityId: params.id, detail: { file: resume.name } });
  const contentType = file.contentType ?? RESUME_CONTENT_TYPES[resume.kind as ResumeKind] ?? "application/octet-stream";
  // The stored name is already sanitised at upload; sanitising again keeps the header safe whatever the row holds.
  const filename = sanitizeFilename(resume.name || resume.key.split("/").pop() || "resume");
  return attachmentResponse(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, { filename, contentType, size: file.size });
}
