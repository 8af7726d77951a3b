import { ACCEPTED_FILES_TEXT } from "./file-kinds";

// The Files tab's outcomes as both sides read them.

/**
 * The no-JavaScript upload answers with a redirect back to the tab carrying `?upload=<code>` (a
 * code, never free text); the page shows the code's sentence once. With JavaScript, the exact
 * message (naming the file) comes back as JSON.
 */
const UPLOAD_NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  done: { tone: "success", text: "Your files are uploaded." },
  size: { tone: "error", text: "A file is larger than the limit for one file. Nothing was uploaded." },
  quota: { tone: "error", text: "These files would take the project past its storage space. Nothing was uploaded." },
  type: { tone: "error", text: `A file is not a kind we accept. Nothing was uploaded. Accepted: ${ACCEPTED_FILES_TEXT}` },
  executable: { tone: "error", text: "A file is a program; programs can't be shared here. Nothing was uploaded." },
  macros: { tone: "error", text: "A file contains macros. Save it without macros and upload it again. Nothing was uploaded." },
  bomb: { tone: "error", text: "A ZIP file unpacks to far more than its size. Nothing was uploaded." },
  encrypted: { tone: "error", text: "A file is password-protected, so we can't check it. Nothing was uploaded." },
  polyglot: { tone: "error", text: "A file looks like two kinds of file at once. Nothing was uploaded." },
  count: { tone: "error", text: "Too many files at once. Nothing was uploaded." },
  empty: { tone: "error", text: "Choose at least one file that is not empty." },
  off: { tone: "error", text: "The agency has turned off uploads from your side for this project." },
  archived: { tone: "error", text: "This project is archived: restore it to add files." },
  "other-side": {
    tone: "error",
    text: "A file with the same name was shared by the other side, and only they can add versions to it. Rename your file and upload it again. Nothing was uploaded.",
  },
  conflict: { tone: "error", text: "Someone uploaded a file with the same name at the same moment. Please try again." },
  malformed: { tone: "error", text: "The upload could not be read. Please try again." },
  error: { tone: "error", text: "The files could not be saved. Please try again." },
};

export function uploadNotice(code: string | null): { status: "success" | "error"; message: string } | undefined {
  const notice = code ? UPLOAD_NOTICES[code] : undefined;
  return notice ? { status: notice.tone, message: notice.text } : undefined;
}

export function uploadNoticeCode(reason: string | undefined, ok: boolean): string {
  if (ok) return "done";
  return reason && reason in UPLOAD_NOTICES ? reason : "error";
}

/** Shown when the upload request itself fails (connection lost, server error). */
export const UPLOAD_FAILURE = "The upload failed. Check your connection and try again.";
export const FILE_CHANGE_FAILURE = "The change could not be saved. Please try again.";
