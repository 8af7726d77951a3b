import { isoDate } from "~/lib/dates";
import { useDates } from "~/lib/use-place";

/** `<time>` with the machine-readable instant and the viewer's reading of it (their zone). */
export function Time({ at, withTime = false, className }: { at: number; withTime?: boolean; className?: string }) {
  const { formatDate, formatDateTime } = useDates();
  return (
    <time dateTime={isoDate(at)} className={className}>
      {withTime ? formatDateTime(at) : formatDate(at)}
    </time>
  );
}

/** `<time>` for a stored calendar date (YYYY-MM-DD), which names a day in no zone. */
export function CalendarTime({ date, className }: { date: string; className?: string }) {
  const { formatCalendarDate } = useDates();
  return (
    <time dateTime={date} className={className}>
      {formatCalendarDate(date)}
    </time>
  );
}
