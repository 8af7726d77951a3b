import { Link } from "react-router";
import { EVERYWHERE_LABELS, type EverywhereResult } from "~/lib/search-everywhere";

/** Search everywhere's results as a page (without JavaScript): one list of links per group. */
export function EverywhereResults({ results }: { results: EverywhereResult[] }) {
  return (
    <div className="space-y-6">
      {results.map(({ group, hits, more }) => (
        <section key={group} aria-labelledby={`search-${group}`}>
          <h3 id={`search-${group}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {EVERYWHERE_LABELS[group]}
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {hits.map((hit) => (
              <li key={hit.id} className="px-4 py-3">
                <Link to={hit.to} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {hit.label}
                </Link>
                {hit.detail ? <span className="block text-sm break-all text-slate-600 dark:text-slate-400">{hit.detail}</span> : null}
              </li>
            ))}
          </ul>
          {more ? (
            <Link to={more} className="mt-2 inline-block text-sm text-brand-700 underline underline-offset-2 dark:text-brand-300">
              Show all in {EVERYWHERE_LABELS[group]}
            </Link>
          ) : null}
        </section>
      ))}
    </div>
  );
}
