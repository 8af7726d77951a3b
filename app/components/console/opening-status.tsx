/** An opening's status as a badge, readable in both themes. */
export function OpeningStatus({ status }: { status: "open" | "closed" }) {
  return status === "open" ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      Open
    </span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      Closed
    </span>
  );
}
