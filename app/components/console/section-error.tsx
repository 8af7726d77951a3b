import { isRouteErrorResponse } from "react-router";

/** The route-level error of a console section; the console's header and navigation stay. */
export function SectionError({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A role refusal (403 from requireStaff) explains itself in its body (decision 0031).
  const roleRefusal = status === 403 && isRouteErrorResponse(error) && error.statusText === "Not part of your role";
  const detail =
    isRouteErrorResponse(error) && status < 500 ? (roleRefusal ? String(error.data) : error.statusText || String(error.data)) : null;
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <h2 className="text-xl font-semibold">
        {status === 404 ? "Not found" : roleRefusal ? "Not part of your role" : status === 403 ? "Staff only" : "Something went wrong"}
      </h2>
      <p className="mt-2">{detail ?? "This part of the console could not be loaded. Please try again in a moment."}</p>
      <a href={backTo} className="btn-secondary mt-4">
        {backLabel}
      </a>
    </div>
  );
}
