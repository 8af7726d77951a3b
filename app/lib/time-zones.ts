// Time-zone names on their own: the root (every public page) checks a zone, and the mail
// preferences' label tables must not travel to the home page with them.

export const DEFAULT_TIME_ZONE = "UTC";

let zones: Set<string> | undefined;

/** An IANA zone the runtime knows (Intl.supportedValuesOf), or UTC, which that list leaves out. */
export function timeZoneNames(): readonly string[] {
  zones ??= new Set(["UTC", ...Intl.supportedValuesOf("timeZone")]);
  return [...zones];
}

/**
 * A zone the runtime can format in. The list above holds ICU's canonical names, some of them the
 * old ones (Asia/Calcutta), so a current name it leaves out (Asia/Kolkata) is tried by building a
 * formatter with it.
 */
export function isTimeZone(value: string): boolean {
  if (!zones) timeZoneNames();
  if (zones!.has(value)) return true;
  if (!/^[A-Z][A-Za-z_]*(\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
