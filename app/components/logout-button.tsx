import { useFetcher } from "react-router";

/** Posts to /logout; a failure stays on the page with the spec's message. */
export function LogoutButton({ className = "btn-secondary" }: { className?: string }) {
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/logout">
      <button type="submit" className={className} disabled={busy}>
        Logout
      </button>
      {fetcher.data?.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
