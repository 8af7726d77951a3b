import type { ReactNode } from "react";
import { Link } from "react-router";

interface ConsoleEditPageProps {
  /** The id the section's aria-labelledby points at. */
  headingId: string;
  backTo: string;
  /** The way back, e.g. "← All openings". */
  backLabel: string;
  title: ReactNode;
  /** Shown beside the title, e.g. the record's status. */
  badges?: ReactNode;
  /** Space under the title row. */
  titleGap?: "mb-4" | "mb-6";
  className?: string;
  children: ReactNode;
}

/** A console record's edit page: the way back to its list, its title with badges, then the page's forms. */
export function ConsoleEditPage({
  headingId,
  backTo,
  backLabel,
  title,
  badges,
  titleGap = "mb-6",
  className,
  children,
}: ConsoleEditPageProps) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <Link to={backTo} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
        {backLabel}
      </Link>
      <div className={`mt-2 ${titleGap} flex flex-wrap items-center gap-3`}>
        <h2 id={headingId} className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h2>
        {badges}
      </div>
      {children}
    </section>
  );
}
