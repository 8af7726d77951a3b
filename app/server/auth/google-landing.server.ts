import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";

// `/login?google=done` and `/employee-login?google=done` may sign a refused account out,
// but only right after a real callback, never for a visitor who follows a link. The callback's
// answer carries a short-lived marker, signed with AUTH_SECRET and bound to the session it set.

const MARKER_COOKIE = "agency.google_landing";
const MARKER_TTL_S = 120;
const LANDINGS = new Set(["/login", "/employee-login"]);

function sign(expires: string, sessionToken: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`google-landing:${expires}:${sessionToken}`).digest("base64url");
}

/** The token part of Better Auth's signed session cookie value (`token.signature`, URL-encoded). */
function tokenOf(cookieValue: string): string {
  return decodeURIComponent(cookieValue).split(".")[0] ?? "";
}

function cookieAttributes(maxAge: number): string {
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function landsOnGoogleDone(location: string | null): boolean {
  if (!location) return false;
  const url = new URL(location, getEnv().APP_URL);
  return url.origin === new URL(getEnv().APP_URL).origin && LANDINGS.has(url.pathname) && url.searchParams.get("google") === "done";
}

/** Adds the marker to a callback's redirect that signed someone in and lands on a `?google=done` page. */
export function markGoogleLanding(response: Response): Response {
  if (response.status < 300 || response.status >= 400 || !landsOnGoogleDone(response.headers.get("location"))) return response;
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => /^(__Secure-)?[\w.-]*session_token=/.test(pair));
  const value = session?.slice(session.indexOf("=") + 1);
  if (!value) return response;
  const expires = String(Math.floor(Date.now() / 1000) + MARKER_TTL_S);
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", `${MARKER_COOKIE}=${expires}.${sign(expires, tokenOf(value))}; ${cookieAttributes(MARKER_TTL_S)}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function readCookie(request: Request, pattern: RegExp): string | undefined {
  for (const part of request.headers.get("cookie")?.split(";") ?? []) {
    const pair = part.trim();
    const eq = pair.indexOf("=");
    if (eq > 0 && pattern.test(pair.slice(0, eq))) return pair.slice(eq + 1);
  }
  return undefined;
}

/** Whether this request is the browser arriving straight from a real Google callback. */
export function cameFromGoogleCallback(request: Request): boolean {
  const marker = readCookie(request, new RegExp(`^${MARKER_COOKIE.replace(".", "\\.")}$`));
  const session = readCookie(request, /^(__Secure-)?[\w.-]*session_token$/);
  if (!marker || !session) return false;
  const [expires, mac] = marker.split(".");
  if (!expires || !mac || !/^\d{10,12}$/.test(expires) || Number(expires) < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(expires, tokenOf(session)));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Set-Cookie that removes the marker (the landing uses it once). */
export function clearGoogleLanding(): string {
  return `${MARKER_COOKIE}=; ${cookieAttributes(0)}`;
}
