import type { HistoryEntry } from "~/lib/record-history";
import { Time } from "~/components/time";

interface RecordHistoryProps {
  items: HistoryEntry[];
  /** "Status" or "Stage". */
  fieldLabel: string;
  valueLabel: (value: string) => string;
}

function describe(item: HistoryEntry, fieldLabel: string, valueLabel: (value: string) => string): string {
  const { from, to } = item.detail;
  if (typeof from === "string" && typeof to === "string") return `${fieldLabel}: ${valueLabel(from)} → ${valueLabel(to)}`;
  return item.action;
}

/** Who changed what and when, and the notes, newest first. */
export function RecordHistory({ items, fieldLabel, valueLabel }: RecordHistoryProps) {
  if (items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No notes or changes yet.</p>;
  return (
    <ol className="space-y-3" aria-label="History">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="text-slate-600 dark:text-slate-400">
            <Time at={item.at} withTime /> · <span className="font-medium text-slate-800 dark:text-slate-200">{item.by}</span>
            {item.kind === "note" ? " added a note" : null}
          </p>
          {item.kind === "note" ? (
            <p className="mt-1 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{item.text}</p>
          ) : (
            <p className="mt-1 text-slate-900 dark:text-slate-100">{describe(item, fieldLabel, valueLabel)}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
