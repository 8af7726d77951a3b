import type { ReactNode } from "react";

interface TitledSectionProps {
  /** The h2's id: the section is named by its heading for screen readers. */
  headingId: string;
  title: string;
  /** A full-width tinted band with the content in the page's container. */
  shaded?: boolean;
  /** The section's classes; on a shaded band, the inner container's extra classes. */
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}

/** A public page's section under its own heading (the home and about pages' shared shape). */
export function TitledSection({ headingId, title, shaded, className, headingClassName, children }: TitledSectionProps) {
  const heading = (
    <h2 id={headingId} className={headingClassName ? `section-title ${headingClassName}` : "section-title"}>
      {title}
    </h2>
  );
  if (!shaded) {
    return (
      <section aria-labelledby={headingId} className={className}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="bg-slate-50 py-12 sm:py-16 dark:bg-slate-900">
      <div className={className ? `container-page ${className}` : "container-page"}>
        {heading}
        {children}
      </div>
    </section>
  );
}
