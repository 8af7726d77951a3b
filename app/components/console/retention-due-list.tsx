import { useDates } from "~/lib/use-place";

const KIND_LABELS = { application: "Application", lead: "Lead", company: "Company", inbound: "Inbound mail (original)" } as const;
const SINCE_LABELS = { application: "Rejected or withdrawn", lead: "Lost", company: "Closed", inbound: "Arrived" } as const;

interface DueRecord {
  kind: keyof typeof KIND_LABELS;
  id: string;
  label: string;
  since: number;
}

/** The dry run: what the next run would remove, and since when. */
export function RetentionDueList({ due }: { due: DueRecord[] }) {
  const { formatDate } = useDates();
  if (due.length === 0) {
    return (
      <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-5 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        Nothing is due: the next run would remove nothing.
      </p>
    );
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Records the next retention run would remove</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Kind
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Record
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Since
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-900 dark:divide-slate-800 dark:text-slate-100">
          {due.map((r) => (
            <tr key={`${r.kind}-${r.id}`}>
              <td className="py-2 pr-4">{KIND_LABELS[r.kind]}</td>
              <td className="py-2 pr-4 break-all">{r.label}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {SINCE_LABELS[r.kind]} {formatDate(r.since)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
