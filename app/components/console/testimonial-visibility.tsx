/** Whether a testimonial shows on the home page, as a badge readable in both themes. */
export function TestimonialVisibility({ visible }: { visible: boolean }) {
  return visible ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      Visible
    </span>
  ) : (
    <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      Hidden
    </span>
  );
}
