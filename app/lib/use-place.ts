import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatNumber } from "./dates";
import { usePlace } from "./place-context";

export { PlaceContext, usePlace } from "./place-context";

/** The date and number formatters bound to the viewer's zone and the agency's locale. */
export function useDates() {
  const place = usePlace();
  return {
    place,
    formatDate: (epochMs: number) => formatDate(epochMs, place),
    formatDateTime: (epochMs: number) => formatDateTime(epochMs, place),
    formatCalendarDate: (date: string) => formatCalendarDate(date, place.locale),
    formatNumber: (value: number) => formatNumber(value, place.locale),
    formatMoney: (value: number) => formatMoney(value, place),
  };
}
