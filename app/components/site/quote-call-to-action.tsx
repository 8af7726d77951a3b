import { Link } from "react-router";

/**
 * The invitation at the end of a service page: a page that has just explained what we do ends with
 * how to ask for it, not only with a way back. A link to /quote, so it works without JavaScript.
 */
export function QuoteCallToAction({ headingId, heading }: { headingId: string; heading: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
          {heading}
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">Tell us what you need and we call you back within 24 hours.</p>
      </div>
      <Link to="/quote" className="btn-primary shrink-0 px-6 py-3 text-base">
        Get a Free Quote
      </Link>
    </section>
  );
}
