import { href, Link } from "react-router";
import type { Route } from "./+types/saved-replies";
import { SavedReplyForm } from "~/components/console/saved-reply-form";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { requireStaff } from "~/server/auth/session.server";
import { listSavedReplies } from "~/server/models/support/saved-replies.server";
import { handleSavedReplyAction } from "./saved-replies.server";
import { Time } from "~/components/time";
import { privateMeta } from "~/lib/seo";

// Replies the support desk inserts into a request, with placeholders (decision 0044).
// Editing is `?edit=ID` on this page, so every form works without JavaScript.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Saved replies | Support inbox", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "support");
  const replies = await listSavedReplies();
  const editId = new URL(request.url).searchParams.get("edit");
  return { replies, editing: replies.find((r) => r.id === editId) ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "support");
  return handleSavedReplyAction(user, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { save: CHANGE_FAILURE, delete: CHANGE_FAILURE });
}

export default function SavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { replies, editing } = loaderData;
  const deleted = actionData?.intent === "delete" ? actionData : undefined;
  return (
    <section aria-labelledby="saved-replies-heading">
      <Link to={href("/employee-dashboard/support")} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        ← Support inbox
      </Link>
      <h2 id="saved-replies-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        Saved replies
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Pick one on a request's page to fill the reply box; the placeholders take that request's values.
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div>
          <ActionMessage outcome={deleted} />
          {replies.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
              No saved replies yet.
            </p>
          ) : (
            <ul className="mt-2 space-y-4" aria-label="Saved replies">
              {replies.map((r) => (
                <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                  <h3 className="font-semibold text-slate-900 dark:text-white">{r.title}</h3>
                  <p className="mt-1 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{r.body}</p>
                  <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                    Updated <Time at={r.updatedAt} withTime />
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link to={`?edit=${encodeURIComponent(r.id)}`} className="btn-secondary px-3 py-1.5" aria-label={`Edit ${r.title}`}>
                      Edit
                    </Link>
                    <IntentButton
                      intent="delete"
                      id={r.id}
                      label="Delete"
                      pendingLabel="Deleting..."
                      accessibleLabel={`Delete ${r.title}`}
                      action={href("/employee-dashboard/saved-replies")}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          {/* A new key per reply edited, so the fields start from its values. */}
          <SavedReplyForm key={editing?.id ?? "new"} editing={editing ?? undefined} lastResult={actionData} />
          {editing ? (
            <Link
              to={href("/employee-dashboard/saved-replies")}
              className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              Cancel editing
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/support")} backLabel="Back to Support inbox" />;
}
