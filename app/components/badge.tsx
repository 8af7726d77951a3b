import type { ReactNode } from "react";

// One pill for every status-like word (project, milestone, approval, request, lead, priority): the
// word is always shown and colour only repeats it, so each badge only picks a tone per value.

export type BadgeTone = "sky" | "amber" | "violet" | "emerald" | "red" | "slate" | "yellow" | "orange" | "grey";

const TONES: Record<BadgeTone, string> = {
  sky: "bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-900/60 dark:text-sky-100",
  amber: "bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-900/60 dark:text-amber-100",
  violet: "bg-violet-100 text-violet-900 ring-violet-600/30 dark:bg-violet-900/60 dark:text-violet-100",
  emerald: "bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-900/60 dark:text-emerald-100",
  red: "bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-950 dark:text-red-100",
  slate: "bg-slate-200 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-900/60 dark:text-yellow-100",
  orange: "bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-100",
  grey: "bg-slate-100 text-slate-800 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-200",
};

/** `name`: read before the word by screen readers ("Status: Done") where nothing else names it. */
export function Badge({ tone, name, children }: { tone: BadgeTone; name?: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {name ? <span className="sr-only">{name}: </span> : null}
      {children}
    </span>
  );
}
