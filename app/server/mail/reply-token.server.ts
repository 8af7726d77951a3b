import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";

// Decision 0096: the reply address of a mail about a support request, reply+TOKEN@ the inbound
// domain. The token carries the request id (a UUID: 16 bytes), a 6-byte tag of the recipient's user
// id (a hash: Better Auth's ids are not UUIDs, and the tag only has to tell one member from another)
// and an 8-byte HMAC under a key derived from AUTH_SECRET: 30 bytes, 48 characters of lower-case
// base32 (mail systems may change the case of a local part, so the token has none), and
// "reply+TOKEN" stays within an address's 64-character local part. It only says which request a
// reply is about; whether the sender may write there is checked on arrival.
// Decision 0101: a token may name a project instead (replies to project and approval mails). The
// bytes are laid out the same (the project's UUID in place of the request's), and the kind is bound
// into the MAC: a project token's HMAC covers "project\0" before the payload. So a token is still
// 48 characters, tokens already sent keep their meaning, and a request token can never be read as
// a project's (or back) without the key.

const MAC_BYTES = 8;
const TAG_BYTES = 6;
const PAYLOAD_BYTES = 16 + TAG_BYTES;
export const TOKEN_LENGTH = Math.ceil(((PAYLOAD_BYTES + MAC_BYTES) * 8) / 5);
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.toLowerCase()) {
    const index = BASE32.indexOf(char);
    if (index === -1) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let derived: { secret: string; key: Buffer } | undefined;

function signingKey(secret: string): Buffer {
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", "inbound-reply-token", 32)) };
  return derived.key;
}

const PROJECT_DOMAIN = Buffer.from("project\0");
type Kind = "complaint" | "project";
const mac = (payload: Buffer, secret: string, kind: Kind = "complaint") =>
  createHmac("sha256", signingKey(secret))
    .update(kind === "project" ? Buffer.concat([PROJECT_DOMAIN, payload]) : payload)
    .digest()
    .subarray(0, MAC_BYTES);
const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** A request's reply address, or (decision 0101) a project's. */
export type ReplyClaim = { complaintId: string; userId: string } | { projectId: string; userId: string };

/** What a token says: the request or the project, and a tag that matches its recipient's id (`isRecipient`). */
export interface ReadClaim {
  complaintId: string | null;
  projectId: string | null;
  recipientTag: string;
}

const tagOf = (userId: string) => createHash("sha256").update(`reply-recipient:${userId}`).digest().subarray(0, TAG_BYTES);

/** The token for one request and recipient; null when the request id is not a UUID (nothing to encode). */
export function replyToken(claim: ReplyClaim, secret = getEnv().AUTH_SECRET): string | null {
  const [id, kind]: [string, Kind] = "projectId" in claim ? [claim.projectId, "project"] : [claim.complaintId, "complaint"];
  if (!UUID.test(id)) return null;
  const payload = Buffer.concat([uuidBytes(id), tagOf(claim.userId)]);
  return toBase32(Buffer.concat([payload, mac(payload, secret, kind)]));
}

/** The claim of an untampered token; null for anything else. */
export function readReplyToken(token: string, secret = getEnv().AUTH_SECRET): ReadClaim | null {
  if (token.length !== TOKEN_LENGTH) return null;
  const bytes = fromBase32(token);
  if (bytes?.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  const given = bytes.subarray(PAYLOAD_BYTES);
  const id = uuidOf(payload.subarray(0, 16));
  const recipientTag = payload.subarray(16).toString("hex");
  // Both kinds are checked, so the time taken does not tell which one a forged token came near.
  const isComplaint = timingSafeEqual(given, mac(payload, secret, "complaint"));
  const isProject = timingSafeEqual(given, mac(payload, secret, "project"));
  if (isComplaint) return { complaintId: id, projectId: null, recipientTag };
  if (isProject) return { complaintId: null, projectId: id, recipientTag };
  return null;
}

/** Whether the token was made for this user (the sender may be another member of the company). */
export const isRecipient = (claim: ReadClaim, userId: string) => claim.recipientTag === tagOf(userId).toString("hex");

/** reply+TOKEN@domain for this claim, or undefined when INBOUND_REPLY_ADDRESS is unset. */
export function replyAddressFor(claim: ReplyClaim): string | undefined {
  const base = getEnv().INBOUND_REPLY_ADDRESS;
  const token = base ? replyToken(claim) : null;
  if (!base || !token) return undefined;
  const [local, domain] = base.split("@") as [string, string];
  return `${local}+${token}@${domain}`;
}

/** The claims of the reply+TOKEN addresses among `addresses` that go to our reply address. */
export function claimsIn(addresses: readonly string[]): ReadClaim[] {
  const base = getEnv().INBOUND_REPLY_ADDRESS?.toLowerCase();
  if (!base) return [];
  const [local, domain] = base.split("@") as [string, string];
  const claims: ReadClaim[] = [];
  for (const address of addresses) {
    const match = /^([^@+]+)\+([A-Za-z0-9]+)@(.+)$/.exec(address.trim());
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
