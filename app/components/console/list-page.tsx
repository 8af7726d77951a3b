import type { ReactNode } from "react";

interface ConsoleListPageProps {
  /** The id the section's aria-labelledby points at. */
  headingId: string;
  title: ReactNode;
  /** Beside the title, e.g. "New opening" or "Export CSV". */
  action?: ReactNode;
  actionGap?: "gap-3" | "gap-4";
  /** One line under the title saying what the list holds. */
  intro?: ReactNode;
  children: ReactNode;
}

const headingClass = "text-2xl font-bold text-slate-900 dark:text-white";

/** A console section's page: its title (with an action beside it), an intro line, then the page. */
export function ConsoleListPage({ headingId, title, action, actionGap = "gap-4", intro, children }: ConsoleListPageProps) {
  const heading = (
    <h2 id={headingId} className={headingClass}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={headingId}>
      {action ? (
        <div className={`flex flex-wrap items-center justify-between ${actionGap}`}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="mt-1 text-slate-600 dark:text-slate-400">{intro}</p> : null}
      {children}
    </section>
  );
}
