import type { ReactNode } from "react";
import { Link } from "react-router";

interface ConsoleEditPageProps {
  /** The id the page's aria-labelledby points at. */
  headingId: string;
  backTo: string;
  /** The way back, e.g. "← All openings". */
  backLabel: string;
  title: ReactNode;
  /** Shown beside the title, e.g. the record's status. */
  badges?: ReactNode;
  /** Under the title: where the record came from, who raised it, a confirmation after creating it. */
  summary?: ReactNode;
  /** A thread of its own (a support request) is an article; any other record page is a section. */
  as?: "section" | "article";
  /**
   * Space under the title block before the page's parts: its own gap, or none when the page spaces
   * its parts itself (a `space-y-*` className).
   */
  titleGap?: "mb-4" | "mb-6" | "none";
  className?: string;
  children: ReactNode;
}

/** A console record's page: the way back to its list, its title with badges and summary, then the page's parts. */
export function ConsoleEditPage({
  headingId,
  backTo,
  backLabel,
  title,
  badges,
  summary,
  as: Page = "section",
  titleGap = "mb-6",
  className,
  children,
}: ConsoleEditPageProps) {
  return (
    <Page aria-labelledby={headingId} className={className}>
      <div className={titleGap === "none" ? undefined : titleGap}>
        <Link to={backTo} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {backLabel}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-2xl font-bold text-slate-900 dark:text-white">
            {title}
          </h2>
          {badges}
        </div>
        {summary}
      </div>
      {children}
    </Page>
  );
}
