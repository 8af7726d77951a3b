import { useState } from "react";
import {
  RESUME_ACCEPT,
  RESUME_HELP_TEXT,
  RESUME_MAX_BYTES,
  RESUME_MIME_TYPES,
  RESUME_SIZE_MESSAGE,
  RESUME_TYPE_MESSAGE,
} from "~/lib/constants";

/** Client-side check of SPEC §5; the server checks the real bytes again. */
export function resumeProblem(file: File): string | null {
  const typeOk = RESUME_MIME_TYPES.includes(file.type) || (file.type === "" && /\.(pdf|docx?)$/i.test(file.name));
  if (!typeOk) return RESUME_TYPE_MESSAGE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_SIZE_MESSAGE;
  return null;
}

export function ResumeInput({ id, serverError }: { id: string; serverError?: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? serverError ?? null;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Resume <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <input
        id={id}
        name="resume"
        type="file"
        accept={RESUME_ACCEPT}
        aria-describedby={`${id}-help ${id}-error`}
        aria-invalid={message ? true : undefined}
        className="field-input file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800 dark:file:bg-slate-800 dark:file:text-brand-200"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const found = file ? resumeProblem(file) : null;
          setProblem(found);
          if (found) {
            // A rejected file is not kept in the form (SPEC §5).
            event.currentTarget.value = "";
            window.alert(found);
          }
        }}
      />
      <p id={`${id}-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {RESUME_HELP_TEXT}
      </p>
      <div id={`${id}-error`} className="field-error" role={message ? "alert" : undefined}>
        {message}
      </div>
    </div>
  );
}
