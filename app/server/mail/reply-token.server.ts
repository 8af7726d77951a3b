import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";

// Decision 0096: the reply address of a mail about a support request, reply+TOKEN@ the inbound
// domain. The token carries the request id and the recipient's user id (16 bytes each: both are
// UUIDs) and an 8-byte HMAC under a key derived from AUTH_SECRET: 40 bytes, 54 base64url
// characters, so "reply+TOKEN" stays within an address's 64-character local part. It only says
// which request a reply is about; whether the sender may write there is checked on arrival.

const MAC_BYTES = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let derived: { secret: string; key: Buffer } | undefined;

function signingKey(secret: string): Buffer {
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "inbound-reply-token", 32)) };
  return derived.key;
}

const mac = (payload: Buffer, secret: string) => createHmac("sha256", signingKey(secret)).update(payload).digest().subarray(0, MAC_BYTES);
const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export interface ReplyClaim {
  complaintId: string;
  userId: string;
}

/** The token for one request and recipient; null when an id is not a UUID (nothing to encode). */
export function replyToken(claim: ReplyClaim, secret = getEnv().AUTH_SECRET): string | null {
  if (!UUID.test(claim.complaintId) || !UUID.test(claim.userId)) return null;
  const payload = Buffer.concat([uuidBytes(claim.complaintId), uuidBytes(claim.userId)]);
  return Buffer.concat([payload, mac(payload, secret)]).toString("base64url");
}

/** The claim of an untampered token; null for anything else. */
export function readReplyToken(token: string, secret = getEnv().AUTH_SECRET): ReplyClaim | null {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 32 + MAC_BYTES) return null;
  const payload = bytes.subarray(0, 32);
  if (!timingSafeEqual(bytes.subarray(32), mac(payload, secret))) return null;
  return { complaintId: uuidOf(payload.subarray(0, 16)), userId: uuidOf(payload.subarray(16)) };
}

/** reply+TOKEN@domain for this claim, or undefined when INBOUND_REPLY_ADDRESS is unset. */
export function replyAddressFor(claim: ReplyClaim): string | undefined {
  const base = getEnv().INBOUND_REPLY_ADDRESS;
  const token = base ? replyToken(claim) : null;
  if (!base || !token) return undefined;
  const [local, domain] = base.split("@") as [string, string];
  return `${local}+${token}@${domain}`;
}

/** The claims of the reply+TOKEN addresses among `addresses` that go to our reply address. */
export function claimsIn(addresses: readonly string[]): ReplyClaim[] {
  const base = getEnv().INBOUND_REPLY_ADDRESS?.toLowerCase();
  if (!base) return [];
  const [local, domain] = base.split("@") as [string, string];
  const claims: ReplyClaim[] = [];
  for (const address of addresses) {
    const match = /^([^@+]+)\+([A-Za-z0-9_-]+)@(.+)$/.exec(address.trim());
    if (!match || match[1]!.toLowerCase() !== local || match[3]!.toLowerCase() !== domain) continue;
    const claim = readReplyToken(match[2]!);
    if (claim) claims.push(claim);
  }
  return claims;
}

/** The hash part of a Message-ID we sent (mailer's `messageIdFor`), from the idempotency key. */
export const messageHashOf = (idempotencyKey: string) => createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 32);

/** The hash parts of `<hash@domain>` ids, as In-Reply-To / References list them. */
export function messageHashesIn(ids: readonly string[]): string[] {
  return ids.map((id) => /^<?([0-9a-f]{32})@/i.exec(id.trim())?.[1]?.toLowerCase()).filter((h): h is string => h !== undefined);
}
