import { ATTACHMENT_HINT } from "~/lib/attachments";
import { FILE_INPUT_ACCEPT } from "~/lib/file-kinds";
import type { FormResult } from "~/lib/form-result";

const sentKeys = new WeakMap<object, string>();
let sent = 0;

/** A new key for each successful answer: the input remounts empty, so sent files are not sent twice. */
export function inputKeyAfter(answer: FormResult | undefined): string {
  if (answer?.status !== "success") return "draft";
  let key = sentKeys.get(answer);
  if (!key) {
    key = `sent-${++sent}`;
    sentKeys.set(answer, key);
  }
  return key;
}

/** A plain multiple-file input: works without JavaScript; the server checks count, size and type. */
export function AttachmentInput({ id, label = "Attach files (optional)" }: { id: string; label?: string }) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name="attachments"
        type="file"
        multiple
        accept={FILE_INPUT_ACCEPT}
        aria-describedby={hintId}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {ATTACHMENT_HINT}
      </p>
    </div>
  );
}
