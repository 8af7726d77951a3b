import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { FILE_PARAM, projectLink } from "~/lib/links";

/** The fetcher of a file's "Ask for approval": its answer shows in the file's row (FilesList). */
export const fileApprovalKey = (fileId: string) => `file-approval-${fileId}`;

/**
 * Console: "Ask for approval" on a file. It posts to the Files tab itself, so
 * without JavaScript the answer comes back on this tab, in the file's row (decision 0043).
 */
export function FilesAskApproval({
  projectId,
  fileId,
  fileName,
  pending,
}: {
  projectId: string;
  fileId: string;
  fileName: string;
  pending: boolean;
}) {
  const fetcher = useFetcher<FormResult>({ key: fileApprovalKey(fileId) });
  if (pending) return null;
  const noteId = `approval-note-${fileId}`;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded px-2 py-1 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300">
        Ask for approval…
      </summary>
      <fetcher.Form
        method="post"
        action={`${projectLink("staff", projectId, "files")}?${FILE_PARAM}=${encodeURIComponent(fileId)}`}
        className="mt-2 space-y-2"
      >
        <input type="hidden" name="intent" value="request-approval" />
        <input type="hidden" name="subjectType" value="file" />
        <input type="hidden" name="subjectId" value={fileId} />
        {/* Names the row for the failure message kept in place (clientAction's targetField). */}
        <input type="hidden" name="fileId" value={fileId} />
        <label htmlFor={noteId} className="field-label">
          Note for the client (optional)
        </label>
        <textarea id={noteId} name="note" rows={2} maxLength={1000} className="field-input w-56" />
        <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
          Ask for approval of {fileName}
        </button>
      </fetcher.Form>
    </details>
  );
}
