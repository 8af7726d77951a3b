import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { ACCEPTED_FILES_TEXT, FILE_INPUT_ACCEPT } from "~/lib/file-kinds";
import { useHydrated } from "~/lib/use-hydrated";
import { useDates } from "~/lib/use-place";
import { postWithProgress } from "~/lib/post-with-progress";
import { UPLOAD_FAILURE } from "~/lib/project-files";

interface UploadAnswer {
  status: "success" | "error";
  message: string;
}

/**
 * Upload several files at once, by picking or dropping them: the upload starts at once, with a
 * progress bar. Without JavaScript it is a plain multipart form with its Upload button: the upload
 * route answers with a redirect back here.
 */
export function FilesUpload({ projectId, fileMax, pageOutcome }: { projectId: string; fileMax: number; pageOutcome?: UploadAnswer }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadAnswer | undefined>(pageOutcome);
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const { formatBytes } = useDates();
  const action = `/projects/${encodeURIComponent(projectId)}/files/upload`;
  const inputId = `files-input-${projectId}`;

  function showChosen() {
    setChosen(Array.from(inputRef.current?.files ?? []).map((file) => `${file.name} (${formatBytes(file.size)})`));
  }

  /** With JavaScript, choosing or dropping files starts their upload: no second button to find. */
  function startUpload() {
    showChosen();
    if (inputRef.current?.files?.length) inputRef.current.form?.requestSubmit();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    if (!body.getAll("files").some((file) => file instanceof File && file.size > 0)) {
      setOutcome({ status: "error", message: "Choose at least one file to upload." });
      return;
    }
    setOutcome(undefined);
    setProgress(0);
    try {
      const result = await postWithProgress<UploadAnswer>(action, body, setProgress);
      setOutcome(result.body?.message ? result.body : { status: "error", message: UPLOAD_FAILURE });
      if (result.status === "success") {
        form.reset();
        setChosen([]);
        await revalidator.revalidate();
      }
    } catch {
      setOutcome({ status: "error", message: UPLOAD_FAILURE });
    } finally {
      setProgress(null);
    }
  }

  function onDrop(event: React.DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const input = inputRef.current;
    if (!input || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    startUpload();
  }

  const busy = progress !== null;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="space-y-3"
      aria-labelledby={`${inputId}-heading`}
    >
      <h3 id={`${inputId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        Upload files
      </h3>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="files-drop-zone"
        className={`rounded-xl border-2 border-dashed p-5 text-center ${
          dragging
            ? "border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-slate-800"
            : "border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
        }`}
      >
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
          Choose files or drop them here
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="files"
          multiple
          accept={FILE_INPUT_ACCEPT}
          onChange={hydrated ? startUpload : showChosen}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          className="mt-3 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-white focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-200"
        />
        <p id={`${inputId}-hint`} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Up to {formatBytes(fileMax)} per file. {ACCEPTED_FILES_TEXT} A file with the same name as one your side shared becomes its new
          version.{hydrated ? " Files upload as soon as you choose or drop them." : null}
        </p>
        {chosen.length > 0 ? (
          <ul className="mt-2 text-left text-sm text-slate-700 dark:text-slate-300">
            {chosen.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {busy ? (
        <div>
          <label htmlFor={`${inputId}-progress`} className="field-label">
            Uploading: {Math.round(progress * 100)}%
          </label>
          <progress id={`${inputId}-progress`} value={Math.round(progress * 100)} max={100} className="h-2 w-full accent-brand-600" />
        </div>
      ) : null}
      <div aria-live="polite">
        <ActionMessage outcome={busy ? undefined : outcome} />
      </div>
      {/* Without JavaScript the form needs its button; with it, choosing the files is enough. */}
      {hydrated ? null : (
        <button type="submit" className="btn-primary">
          Upload
        </button>
      )}
    </form>
  );
}
