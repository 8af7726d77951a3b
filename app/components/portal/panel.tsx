import type { ReactNode } from "react";
import { href, isRouteErrorResponse } from "react-router";

/** A panel's heading row: title, optional intro and an action on the right. */
export function PanelHeader({ title, intro, action }: { title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">{title}</h1>
        {intro ? <p className="mt-1 text-slate-600 dark:text-slate-400">{intro}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** The route-level error of a portal panel; the sidebar stays so the client can move on. */
export function PanelError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const detail = isRouteErrorResponse(error) && error.status < 500 ? error.statusText || String(error.data) : null;
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <h1 className="text-xl font-semibold">{notFound ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-2">{detail ?? "We could not load this part of your dashboard. Please try again in a moment."}</p>
      <a href={href("/user-dashboard")} className="btn-secondary mt-4">
        Back to Profile
      </a>
    </div>
  );
}
