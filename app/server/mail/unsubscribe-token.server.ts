import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { isNotificationType, type NotificationType } from "~/lib/notification-types";
import { getEnv } from "~/server/env.server";

// Decision 0046: the signed link in every notification mail. It names a person
// and what to stop (one type, or their whole daily digest) and nothing else: no session is needed
// to use it, so only our signature makes it trustworthy. No expiry (a mail may be read months
// later); the version lets a future format, or a rotated key, refuse old links.

const VERSION = "1";

/** What a link turns off: one notification type, or every type the person gets in the digest. */
export type UnsubscribeScope = NotificationType | "digest";

export interface UnsubscribeClaim {
  userId: string;
  scope: UnsubscribeScope;
}

let derived: { secret: string; key: Buffer } | undefined;

/** A key of its own, derived from AUTH_SECRET, so a session signature can never pass as a link's. */
function signingKey(secret: string): Buffer {
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "mail-unsubscribe-link", 32)) };
  }
  return derived.key;
}

function sign(payload: string, secret = getEnv().AUTH_SECRET): Buffer {
  return createHmac("sha256", signingKey(secret)).update(payload).digest();
}

/** `secret`: AUTH_SECRET unless given (the security suites sign for the server they start). */
export function unsubscribeToken(claim: UnsubscribeClaim, secret?: string): string {
  const payload = `${VERSION}:${claim.userId}:${claim.scope}`;
  return `${Buffer.from(payload).toString("base64url")}.${sign(payload, secret).toString("base64url")}`;
}

/** The claim of a well-formed, untampered token of this version; null for anything else. */
export function readUnsubscribeToken(token: string | null | undefined): UnsubscribeClaim | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [encoded, mac, extra] = token.split(".");
  if (!encoded || !mac || extra !== undefined) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  // Compare the text, never the decoded bytes: base64url decoding ignores the last character's
  // padding bits (and stray characters), so several strings decode alike and a changed link
  // would still pass. Only the one canonical spelling of the payload and MAC is accepted.
  if (Buffer.from(payload, "utf8").toString("base64url") !== encoded) return null;
  const given = Buffer.from(mac);
  const expected = Buffer.from(sign(payload).toString("base64url"));
  // Constant time over the MAC; its length is public (43 characters).
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, userId, scope, rest] = payload.split(":");
  if (version !== VERSION || !userId || rest !== undefined) return null;
  if (scope !== "digest" && !isNotificationType(scope)) return null;
  return { userId, scope };
}

/** The link itself, on APP_URL: GET shows what it turns off; POST (one click) does it. */
export function unsubscribeUrl(claim: UnsubscribeClaim): string {
  return `${getEnv().APP_URL}/unsubscribe?token=${unsubscribeToken(claim)}`;
}

/** RFC 8058 one-click headers for a mail that carries `url`. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
