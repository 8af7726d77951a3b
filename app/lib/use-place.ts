import { createContext, useContext } from "react";
import { formatCalendarDate, formatDate, formatDateTime, formatMoney, formatNumber } from "./dates";
import { DEFAULT_PLACE, type Place } from "./place";

/**
 * The agency's place with the viewer's zone in it, provided by the root route (root.tsx) from its
 * loader, so the server and the browser format alike. A React context rather than the root
 * loader's data, so components render outside a router too (tests, mails' previews) with the
 * defaults.
 */
export const PlaceContext = createContext<Place>(DEFAULT_PLACE);

export function usePlace(): Place {
  return useContext(PlaceContext);
}

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
