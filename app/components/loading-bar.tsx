/** An indeterminate progress bar with a visible, announced label. */
export function LoadingBar({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="my-4">
      <div className="h-1 w-full overflow-hidden rounded bg-brand-100 dark:bg-slate-800">
        <div className="h-full w-1/3 animate-pulse rounded bg-brand-600 dark:bg-brand-400" />
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{label}</p>
    </div>
  );
}
