import { useFetcher } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { SESSIONS_ACTION, type SessionView } from "~/lib/account-paths";
import { useDates } from "~/lib/use-place";
import type { FormResult } from "~/lib/form-result";

/** One button posting to the sessions action; its own fetcher shows a failed request beside it. */
function SignOutButton({ intent, id, label, detail }: { intent: string; id?: string; label: string; detail?: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={SESSIONS_ACTION} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? "Signing out..." : label}
        {detail ? <span className="sr-only"> {detail}</span> : null}
      </button>
      <FormError message={!busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined} />
    </fetcher.Form>
  );
}

/**
 * Sessions you can see: every browser signed in to this account, this one marked.
 * Each row is a plain form, so signing a lost phone out works without JavaScript too.
 */
export function SessionsList({ sessions }: { sessions: SessionView[] }) {
  const others = sessions.filter((s) => !s.current).length;
  const { formatDateTime } = useDates();
  const when = (iso: string) => formatDateTime(new Date(iso).getTime());
  return (
    <div className="w-full space-y-3">
      <ul
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        aria-label="Active sessions"
      >
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid="session-row">
            <div className="text-sm">
              <p className="font-medium text-slate-900 dark:text-white">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                IP {s.ipAddress || "unknown"} · Signed in {when(s.signedInAt)}
                {s.viaPasskey ? " with a passkey" : ""} · Last seen {when(s.lastSeenAt)}
              </p>
            </div>
            {s.current ? null : (
              <SignOutButton intent="sign-out" id={s.id} label="Sign out" detail={`${s.device}, signed in ${when(s.signedInAt)}`} />
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? <SignOutButton intent="sign-out-others" label="Sign out everywhere else" /> : null}
    </div>
  );
}
