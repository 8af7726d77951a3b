// Where a form may send the visitor back to: a path on this site and nothing else.
// Browsers read "/\evil.example" as "//evil.example", another host, and a control character
// cannot go into a Location header at all (Headers.set throws: a 500 for a scanner's input).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BASE = "http://return-path.invalid";

/**
 * `value` as a same-origin path (with its query and fragment, non-ASCII percent-encoded), or
 * `fallback` when it is anything else: not starting with a single "/", holding a backslash or a
 * control character, or naming another host once the URL parser has normalised it.
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return fallback;
  if (value.includes("\\") || CONTROL.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  // "/.//evil.example" normalises to "//evil.example": check what the header would carry.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
