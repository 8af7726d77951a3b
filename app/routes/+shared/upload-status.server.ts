import type { ApplicationOutcome, ApplicationRefusal } from "~/server/models/pipeline/applications.server";
import type { UploadOutcome } from "~/server/models/projects/project-file-uploads.server";

// The two streamed-upload endpoints answer their outcome as JSON for the XMLHttpRequest path (upload
// progress) and as the page's data without JavaScript; models say why they refused, the routes say
// which HTTP status that is.

const APPLICATION_STATUS: Record<ApplicationRefusal, number> = {
  missing: 404,
  closed: 410,
  "rate-limited": 429,
  expired: 400,
  "too-large": 413,
  "wrong-type": 415,
  malformed: 400,
  failed: 500,
};

export function applicationStatus(outcome: ApplicationOutcome): number {
  if (outcome.status === "invalid") return 400;
  return outcome.reason ? APPLICATION_STATUS[outcome.reason] : 200;
}

const FILE_UPLOAD_STATUS: Record<string, number> = {
  missing: 404,
  archived: 409,
  off: 403,
  quota: 413,
  size: 413,
  count: 400,
  empty: 400,
  malformed: 400,
  "other-side": 409,
  conflict: 409,
  error: 500,
};

/** Any other reason is a file type the allow-list refused. */
export function fileUploadStatus(outcome: UploadOutcome): number {
  if (outcome.status === "success") return 200;
  return FILE_UPLOAD_STATUS[outcome.reason ?? "error"] ?? 415;
}
