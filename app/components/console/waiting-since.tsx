import { isoDate } from "~/lib/dates";
import { useDates } from "~/lib/use-place";
import { waitingLabel } from "~/lib/support-desk";

/** "Waiting 3 h", with the exact time of the client's oldest unanswered message in the <time>. */
export function WaitingSince({ since, now }: { since: number; now: number }) {
  const { formatDateTime } = useDates();
  return (
    <time
      dateTime={isoDate(since)}
      title={`Since ${formatDateTime(since)}`}
      className="text-xs font-medium text-amber-800 dark:text-amber-300"
    >
      {waitingLabel(since, now)}
    </time>
  );
}
