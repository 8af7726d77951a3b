/** A labelled 0–100 progress bar; the number is shown as text too, not by width alone. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={`${clamped}%`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${clamped}%` }} />
      </div>
      <span className="w-12 text-right text-sm font-medium tabular-nums text-slate-700 dark:text-slate-300">{clamped}%</span>
    </div>
  );
}
