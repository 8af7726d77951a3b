// A lead's status or an application's stage; the word is always shown, colour only helps.
const TONES: Record<string, string> = {
  new: "bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-900/60 dark:text-sky-100",
  won: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
  hired: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
  lost: "bg-slate-200 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
  rejected: "bg-slate-200 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
};
const IN_PROGRESS = "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/60 dark:text-amber-100";

export function PipelineBadge({ value, label }: { value: string; label: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[value] ?? IN_PROGRESS}`}>
      {label}
    </span>
  );
}
