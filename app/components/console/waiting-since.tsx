import { formatDateTime, isoDate } from "~/lib/dates";
import { waitingLabel } from "~/lib/support-desk";

/** "Waiting 3 h", with the exact time of the client's oldest unanswered message in the <time>. */
export function WaitingSince({ since, now }: { since: number; now: number }) {
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
