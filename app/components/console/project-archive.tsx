import { href, Link, type FetcherWithComponents } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { ConfirmStep, DangerSubmit } from "./confirm-step";
import type { FormResult } from "~/lib/form-result";

interface ProjectArchiveProps {
  id: string;
  title: string;
  archived: boolean;
  /** ?confirm=archive: the confirmation is a page state, so it works without JavaScript too. */
  confirming: boolean;
  /** Its answer survives the live reload the change causes; without JavaScript a plain post. */
  fetcher: FetcherWithComponents<FormResult>;
  /** The page's own answer, after a post without JavaScript. */
  pageResult?: FormResult;
}

/** Archive (after a confirmation) or restore a project (decision 0035: nothing is deleted). */
export function ProjectArchive({ id, title, archived, confirming, fetcher, pageResult }: ProjectArchiveProps) {
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : undefined;
  const mine = pageResult?.intent === "archive" || pageResult?.intent === "restore" ? pageResult : undefined;
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
  const Form = fetcher.Form;
  const self = href("/employee-dashboard/projects/:id", { id });
  return (
    <section aria-labelledby="project-archive-heading" className="max-w-3xl rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <h3 id="project-archive-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {archived ? "Archived" : "Archive"}
      </h3>
      <div className="mt-2">
        <ActionMessage outcome={outcome} />
      </div>
      {archived ? (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            The client's members do not see this project. Restoring brings it back, with its history.
          </p>
          <Form method="post" action={self} className="mt-3">
            <input type="hidden" name="intent" value="restore" />
            <button type="submit" className="btn-secondary" disabled={pending === "restore"}>
              {pending === "restore" ? "Restoring..." : "Restore project"}
            </button>
          </Form>
        </>
      ) : confirming ? (
        <ConfirmStep
          id="archive-confirm-text"
          question={
            <>Archive “{title}”? It leaves the client's My Projects and the console's lists. Nothing is deleted: you can restore it.</>
          }
          cancelTo={self}
        >
          <Form method="post" action={self}>
            <input type="hidden" name="intent" value="archive" />
            <DangerSubmit pending={pending === "archive"} label="Yes, archive project" pendingLabel="Archiving..." />
          </Form>
        </ConfirmStep>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Done with it, or created by mistake? Archiving hides it from the client and from the lists.
          </p>
          <Link to={`${self}?confirm=archive`} className="btn-secondary mt-3" preventScrollReset>
            Archive project
          </Link>
        </>
      )}
    </section>
  );
}
