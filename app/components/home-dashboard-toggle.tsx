import { useId } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { FormResult } from "~/lib/form-result";

interface RootData {
  user: { homeDashboard: boolean } | null;
}

// What the switch does, in words (shown on hover, read after the name): the old label "Dashboard on
// Home" left people guessing which home and what happens to it.
const HINT = "When on, the site's Home link and address open your dashboard instead of the public home page.";

/**
 * SPEC §2: signed-in users can show their dashboard in place of the home page. A fetcher, so a
 * failed request shows its message beside the toggle instead of the error page; without
 * JavaScript it is a plain form post and the action's redirect.
 */
export function HomeDashboardToggle({ on, pathname }: { on: boolean; pathname: string }) {
  const fetcher = useFetcher<FormResult>();
  const failure = fetcher.state === "idle" && fetcher.data?.status === "error" ? fetcher.data.message : undefined;
  const hintId = useId();
  return (
    <fetcher.Form method="post" action="/home-dashboard" className="flex items-center">
      <input type="hidden" name="enabled" value={on ? "0" : "1"} />
      <input type="hidden" name="returnTo" value={pathname} />
      <button
        type="submit"
        aria-pressed={on}
        aria-describedby={hintId}
        title={HINT}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-300"
      >
        <span
          aria-hidden="true"
          className={`inline-block h-4 w-7 shrink-0 rounded-full ${on ? "bg-brand-600" : "bg-slate-300 dark:bg-slate-600"}`}
        >
          <span className={`block size-4 rounded-full bg-white shadow transition-transform ${on ? "translate-x-3" : ""}`} />
        </span>
        Dashboard as home page
        <span id={hintId} className="sr-only">
          {HINT}
        </span>
      </button>
      {failure ? (
        <p role="alert" className="ml-2 text-xs text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The toggle wired to the signed-in user's current preference (for dashboards, outside the nav). */
export function CurrentHomeDashboardToggle() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { pathname } = useLocation();
  if (!root?.user) return null;
  return <HomeDashboardToggle on={root.user.homeDashboard} pathname={pathname} />;
}
