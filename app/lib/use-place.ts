import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatNumber } from "./dates";
import { formatBytes, formatStorageUse } from "./file-kinds";
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
    formatBytes: (bytes: number) => formatBytes(bytes, place.locale),
    formatStorageUse: (used: number, quota: number) => formatStorageUse(used, quota, place.locale),
  };
}
