// SPEC §4: green for Resolved, yellow for Pending, grey for any other; the word is always shown.
function colours(status: string): string {
  if (status === "Resolved") return "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100";
  if (status === "Pending") return "bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-900/60 dark:text-yellow-100";
  return "bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200";
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours(status)}`}>
      <span className="sr-only">Status: </span>
      {status}
    </span>
  );
}
