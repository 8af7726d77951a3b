import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";

const FAILURE = "mt-2 text-sm text-red-700 dark:text-red-400";
// In a top bar of fixed height the message floats below the button instead of growing the bar.
const FLOATING_FAILURE = `${FAILURE} absolute top-full right-0 z-50 w-64 rounded-md border border-red-200 bg-white p-2 shadow-lg dark:border-red-900 dark:bg-slate-900`;

/**
 * Posts to /logout; a failure stays on the page with the spec's message (the route's FormResult).
 * `menuItem` makes it an item of the app shell's avatar menu; `floating` suits the top bar (decision 0077).
 */
export function LogoutButton({
  className = "btn-secondary",
  menuItem = false,
  floating = false,
}: {
  className?: string;
  menuItem?: boolean;
  floating?: boolean;
}) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const failure = !busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined;
  return (
    <fetcher.Form method="post" action="/logout" role={menuItem ? "none" : undefined} className={floating ? "relative" : undefined}>
      <button
        type="submit"
        className={className}
        disabled={busy}
        role={menuItem ? "menuitem" : undefined}
        tabIndex={menuItem ? -1 : undefined}
      >
        Logout
      </button>
      {failure ? (
        <p role="alert" className={floating ? FLOATING_FAILURE : menuItem ? `${FAILURE} px-4` : FAILURE}>
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
