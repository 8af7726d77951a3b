import { useFetcher } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { useDates } from "~/lib/use-place";
import { fileKindLabel } from "~/lib/file-kinds";
import type { FormResult } from "~/lib/form-result";
import { approvalStatusLabel } from "~/lib/milestones";
import { fileApprovalKey } from "./files-ask-approval";

export interface FileRow {
  id: string;
  name: string;
  deletable: boolean;
  approval: { status: string; decidedByName: string | null; comment: string } | null;
  versions: Array<{
    id: string;
    version: number;
    size: number;
    kind: string;
    hasThumbnail: boolean;
    uploadedByName: string;
    side: string;
    createdAt: number;
  }>;
}

const APPROVAL_TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  approved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  changes_requested: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  withdrawn: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
};

/** A project's files, newest first, each with its preview, versions and actions. */
export function FilesList({
  files,
  pageResult,
  askForApproval,
}: {
  files: FileRow[];
  pageResult?: FormResult;
  askForApproval?: (file: FileRow) => React.ReactNode;
}) {
  if (files.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No files yet.
      </p>
    );
  }
  return (
    <ul
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      aria-label="Files"
    >
      {files.map((file) => (
        <FileItem
          key={file.id}
          file={file}
          pageResult={pageResult?.targetId === file.id ? pageResult : undefined}
          askForApproval={askForApproval}
        />
      ))}
    </ul>
  );
}

function FileItem({
  file,
  pageResult,
  askForApproval,
}: {
  file: FileRow;
  pageResult?: FormResult;
  askForApproval?: (file: FileRow) => React.ReactNode;
}) {
  const fetcher = useFetcher<FormResult>({ key: `file-delete-${file.id}` });
  // "Ask for approval" (console) answers here: a success removes its form, and the row stays.
  const approval = useFetcher<FormResult>({ key: fileApprovalKey(file.id) });
  const { formatDateTime, formatBytes } = useDates();
  const current = file.versions[0];
  if (!current) return null;
  const older = file.versions.slice(1);
  const outcome = fetcher.state === "idle" && approval.state === "idle" ? (fetcher.data ?? approval.data ?? pageResult) : undefined;
  return (
    <li id={`file-${file.id}`} className="flex flex-wrap items-start gap-4 p-4" data-testid="file-row">
      <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-xs font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        {current.hasThumbnail ? (
          <img
            src={`/files/${current.id}/thumbnail`}
            alt={`Preview of ${file.name}`}
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          current.kind.toUpperCase()
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <a
          href={`/files/${current.id}`}
          className="font-medium break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          {file.name}
        </a>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {fileKindLabel(current.kind)} · {formatBytes(current.size)} · version {current.version} · {current.uploadedByName} (
          {current.side === "staff" ? "agency" : "client"}), {formatDateTime(current.createdAt)}
        </p>
        {file.approval ? (
          <p className="text-sm">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${APPROVAL_TONES[file.approval.status] ?? APPROVAL_TONES.withdrawn}`}
            >
              {approvalStatusLabel(file.approval.status)}
            </span>
            {file.approval.decidedByName ? (
              <span className="ml-2 text-slate-600 dark:text-slate-400">by {file.approval.decidedByName}</span>
            ) : null}
            {file.approval.comment ? <span className="ml-2 text-slate-700 dark:text-slate-300">“{file.approval.comment}”</span> : null}
          </p>
        ) : null}
        {older.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Older versions ({older.length})</summary>
            <ul className="mt-1 space-y-1 pl-4">
              {older.map((v) => (
                <li key={v.id}>
                  <a href={`/files/${v.id}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                    Version {v.version}
                  </a>{" "}
                  <span className="text-slate-600 dark:text-slate-400">
                    · {formatBytes(v.size)} · {v.uploadedByName}, {formatDateTime(v.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <div aria-live="polite">
          <ActionMessage outcome={outcome} />
        </div>
      </div>
      <div className="flex flex-col items-end gap-2">
        {askForApproval?.(file)}
        {file.deletable ? (
          <details className="text-sm">
            <summary className="cursor-pointer rounded px-2 py-1 text-red-700 focus-visible:outline-2 focus-visible:outline-red-600 dark:text-red-300">
              Delete…
            </summary>
            <fetcher.Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="intent" value="delete-file" />
              <input type="hidden" name="fileId" value={file.id} />
              <p className="max-w-56 text-slate-700 dark:text-slate-300">
                Delete “{file.name}” and all its versions? This cannot be undone.
              </p>
              <button
                type="submit"
                className="rounded-lg bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800 disabled:opacity-60"
                disabled={fetcher.state !== "idle"}
              >
                {fetcher.state !== "idle" ? "Deleting..." : `Delete ${file.name}`}
              </button>
            </fetcher.Form>
          </details>
        ) : null}
      </div>
    </li>
  );
}
