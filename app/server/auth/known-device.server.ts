import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";

// Decision 0027: a browser that has signed in to an account before gets a signed cookie naming it.
// Its attempts for that account are delayed in a bucket of their own, so a stranger's guesses,
// which fill the account's shared bucket, cannot keep the owner out (OWASP's "device cookies").

const COOKIE = "agency.known_device";
const MAX_AGE_S = 180 * 24 * 3600;
const ID = /^[A-Za-z0-9_-]{22}$/;

function sign(email: string, id: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`known-device:${email.trim().toLowerCase()}:${id}`).digest("base64url");
}

/** The id of this browser's known-device cookie when it was issued for `email`; null otherwise. */
export function knownDeviceFor(request: Request, email: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(/;\s*/)) {
    if (!part.startsWith(`${COOKIE}=`)) continue;
    const [id, mac] = part.slice(COOKIE.length + 1).split(".");
    if (!id || !mac || !ID.test(id)) continue;
    const expected = Buffer.from(sign(email, id));
    const given = Buffer.from(mac);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return id;
  }
  return null;
}

/** The Set-Cookie value naming this browser for `email`, keeping its id when it already had one. */
export function knownDeviceCookie(email: string, id: string | null): string {
  const deviceId = id ?? randomBytes(16).toString("base64url");
  const secure = getEnv().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${COOKIE}=${deviceId}.${sign(email, deviceId)}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}
