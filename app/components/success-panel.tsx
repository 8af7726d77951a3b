import { useEffect, useId, useRef, type ReactNode } from "react";

interface SuccessPanelProps {
  /** What just happened, in the SPEC's words where it has them (announced at once). */
  title: string;
  message?: string;
  /** What happens next, in order. */
  steps: ReactNode[];
  /** Where to go from here: links or buttons. */
  children?: ReactNode;
  /** Announce and focus it (right after a submit); off for a panel that greets on a page load. */
  announce?: boolean;
}

/**
 * The moment after a form succeeds: what happened, what happens next and where to go, instead of a
 * message that disappears. The title and message are an alert (read at once); focus moves to the
 * title when the panel appears after a submit in the page, so keyboard users start from it.
 */
export function SuccessPanel({ title, message, steps, children, announce = true }: SuccessPanelProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950 sm:p-8 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <div role={announce ? "alert" : undefined}>
        <h2 id={id} ref={heading} tabIndex={-1} className="flex items-center gap-3 text-2xl font-bold focus:outline-none">
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <circle cx="12" cy="12" r="10" />
            <path d="M7.5 12.5l3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {title}
        </h2>
        {message ? <p className="mt-3">{message}</p> : null}
      </div>
      <h3 className="mt-6 font-semibold">What happens next</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {steps.map((step, i) => (
          <li key={i}>{step}</li>
        ))}
      </ol>
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
    </section>
  );
}
