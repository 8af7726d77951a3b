import { Time } from "~/components/time";

export interface ProgressHistoryEntry {
  id: string;
  progress: number;
  note: string;
  changedByName: string;
  changedAt: number;
}

const SHOWN = 5;

function Entry({ entry }: { entry: ProgressHistoryEntry }) {
  return (
    <li className="text-sm">
      <p>
        <span className="font-semibold tabular-nums text-slate-900 dark:text-white">{entry.progress}%</span>{" "}
        <span className="text-slate-600 dark:text-slate-400">
          by {entry.changedByName} · <Time at={entry.changedAt} withTime />
        </span>
      </p>
      {entry.note ? <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{entry.note}</p> : null}
    </li>
  );
}

/** Each progress change (value, optional note, who, when), newest first; older ones fold away. */
export function ProgressHistory({ entries, title }: { entries: ProgressHistoryEntry[]; title: string }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No progress updates yet.</p>;
  const recent = entries.slice(0, SHOWN);
  const older = entries.slice(SHOWN);
  const listClass = "space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700";
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Progress history</h3>
      <ol aria-label={`Progress history of ${title}`} className={`mt-2 ${listClass}`}>
        {recent.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ol>
      {older.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">
            {older.length} earlier {older.length === 1 ? "update" : "updates"}
          </summary>
          <ol aria-label={`Earlier progress of ${title}`} className={`mt-2 ${listClass}`}>
            {older.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
