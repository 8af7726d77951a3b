import { useFetcher } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";

/** Console: the per-project switch "Clients can upload files", a plain form without JS. */
export function FilesClientUploads({ projectId, on, pageResult }: { projectId: string; on: boolean; pageResult?: FormResult }) {
  const fetcher = useFetcher<FormResult>({ key: `client-uploads-${projectId}` });
  const outcome =
    fetcher.state === "idle" ? (fetcher.data ?? (pageResult?.intent === "client-uploads" ? pageResult : undefined)) : undefined;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <input type="hidden" name="intent" value="client-uploads" />
      <input type="hidden" name="clientUploads" value={on ? "off" : "on"} />
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Clients can upload files: <strong>{on ? "On" : "Off"}</strong>
      </p>
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"} aria-pressed={on}>
        {on ? "Turn off client uploads" : "Turn on client uploads"}
      </button>
      <div aria-live="polite" className="w-full">
        <ActionMessage outcome={outcome} />
      </div>
    </fetcher.Form>
  );
}
