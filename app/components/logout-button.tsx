import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";

/** Posts to /logout; a failure stays on the page with the spec's message (the route's FormResult). */
export function LogoutButton({ className = "btn-secondary" }: { className?: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  const failure = !busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined;
  return (
    <fetcher.Form method="post" action="/logout">
      <button type="submit" className={className} disabled={busy}>
        Logout
      </button>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
