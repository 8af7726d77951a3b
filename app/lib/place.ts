import { isTimeZone } from "./time-zones";

// Where the agency is (console → Settings → Time and place) and how its pages write dates and
// numbers. Runs on both sides: the root loader sends it to the browser, so the server's HTML and
// the hydrated page format with the same zone and locale.

export interface Place {
  /** IANA zone name ("Asia/Kolkata") or "UTC": schedules and guests' pages use it. */
  timeZone: string;
  /** BCP 47 tag ("en-IN"): date and number formats, and `<html lang>`. */
  locale: string;
  /** ISO 4217 code ("INR"). */
  currency: string;
}

/** How a page formats: the viewer's zone, the agency's locale. */
export type Zoned = Pick<Place, "timeZone" | "locale">;

/**
 * Today's output exactly (decision "time and place"): UTC and British dates ("25 Nov 2026, 09:30 UTC"),
 * so an install that never opens the settings changes nothing, schedules included.
 */
export const DEFAULT_PLACE: Place = { timeZone: "UTC", locale: "en-GB", currency: "INR" };

/** Same zone, locale and currency. */
export function samePlace(a: Place, b: Place): boolean {
  return a.timeZone === b.timeZone && a.locale === b.locale && a.currency === b.currency;
}

/** A well-formed BCP 47 tag the runtime has data for (it would otherwise fall back silently). */
export function isLocale(value: string): boolean {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) return false;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return (
      Intl.DateTimeFormat.supportedLocalesOf([canonical!]).length === 1 && Intl.NumberFormat.supportedLocalesOf([canonical!]).length === 1
    );
  } catch {
    return false;
  }
}

/** The canonical spelling ("en-in" → "en-IN"). Only for a value isLocale accepted. */
export function canonicalLocale(value: string): string {
  return Intl.getCanonicalLocales(value)[0]!;
}

let currencies: Set<string> | undefined;

export function isCurrency(value: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return currencies.has(value);
}

export { isTimeZone };

/** A stored zone if the runtime still knows it, else the fallback (a zone dropped by an ICU update). */
export function knownZone(value: string | null | undefined, fallback: string): string {
  return value && isTimeZone(value) ? value : fallback;
}

/** The browser's zone, set by a line of script in root.tsx; read when a signed-in person has none. */
export const TIME_ZONE_COOKIE = "agency_tz";
