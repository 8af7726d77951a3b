import { Link } from "react-router";
import { Pager } from "~/components/console/pager";
import { sideLabel, thingHref, thingLabel, type ActivityThing } from "~/lib/activity-links";
import type { Side } from "~/lib/side";
import { Time } from "~/components/time";

export interface ActivityItem {
  id: string;
  at: number;
  actorName: string;
  actorSide: string;
  summary: string;
  thing: ActivityThing | null;
}

interface ActivityListProps {
  audience: Side;
  projectId: string;
  title: string;
  entries: ActivityItem[];
  total: number;
  page: number;
  pageSize: number;
}

const SIDE_STYLES: Record<string, string> = {
  staff: "bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100",
  client: "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  system: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
};

/** The project's timeline, newest first; the same list on both sides. */
export function ActivityList({ audience, projectId, title, entries, total, page, pageSize }: ActivityListProps) {
  if (total === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        Nothing has happened on this project yet. Milestones, approvals, files and progress changes will show here.
      </p>
    );
  }
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 1 ? "1 entry" : `${total} entries`}, newest first.
      </p>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          This page has no entries.{" "}
          <Link to="?page=1" className="font-medium text-brand-700 underline dark:text-brand-300">
            Go to the newest
          </Link>
        </p>
      ) : (
        <ol
          aria-label={`Activity on ${title}`}
          className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 p-4">
              <Time at={entry.at} withTime className="w-full text-xs text-slate-600 sm:w-44 sm:shrink-0 dark:text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="text-slate-900 dark:text-slate-100">{entry.summary}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <span>{entry.actorName}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${SIDE_STYLES[entry.actorSide] ?? SIDE_STYLES.system}`}>
                    {sideLabel(audience, entry.actorSide)}
                  </span>
                  {entry.thing ? (
                    <Link
                      to={thingHref(audience, projectId, entry.thing)}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                    >
                      {thingLabel(audience, entry.thing)}
                      <span className="sr-only">: {entry.summary}</span>
                    </Link>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </div>
  );
}
