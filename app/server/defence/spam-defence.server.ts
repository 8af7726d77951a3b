import { createHmac, timingSafeEqual } from "node:crypto";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/lib/spam-fields";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { clientIpBucket } from "./client-ip-bucket";
import { mailAllowedTo } from "./mail-limits.server";
import { hitRateLimit, type RateRule } from "./rate-limit.server";

const MIN_FILL_MS = 3_000;
const TOKEN_MAX_AGE_MS = 24 * 3_600_000;

type FormKind = "quote" | "application";

// Generous enough for an office behind one NAT address; tight enough to stop floods, and to stop
// confirmation mails being used to spam one third-party address.
export const SUBMISSION_LIMITS: Record<FormKind, { perIp: RateRule; perEmail: RateRule }> = {
  quote: { perIp: { limit: 60, windowMs: 3_600_000 }, perEmail: { limit: 10, windowMs: 3_600_000 } },
  application: { perIp: { limit: 60, windowMs: 3_600_000 }, perEmail: { limit: 10, windowMs: 3_600_000 } },
};

function sign(value: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`form-token:${value}`).digest("base64url");
}

/** A token proving when the form was served. */
export function issueFormToken(now = Date.now()): string {
  const issued = String(now);
  return `${issued}.${sign(issued)}`;
}

function tokenAge(token: string, now: number): number | null {
  const [issued, mac] = token.split(".");
  if (!issued || !mac || !/^\d{10,16}$/.test(issued)) return null;
  const expected = Buffer.from(sign(issued));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return now - Number(issued);
}

type SpamVerdict =
  | { ok: true; confirm: boolean }
  | { ok: false; trapped: true; reason: "honeypot" | "bad-token" | "too-fast" }
  | { ok: false; trapped: false; reason: "rate-limited" | "stale-token" };

/**
 * docs/security.md "Public forms": honeypot, signed minimum fill time, then per-IP and per-e-mail
 * limits. Trapped submissions get a neutral answer from the caller and are only logged.
 */
export async function screenSubmission(input: {
  kind: FormKind;
  form: Record<string, unknown>;
  ip: string;
  email: string;
  now?: number;
}): Promise<SpamVerdict> {
  const now = input.now ?? Date.now();
  const honeypot = input.form[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.warn({ kind: input.kind, ip: input.ip, reason: "honeypot" }, "spam trap hit");
    return { ok: false, trapped: true, reason: "honeypot" };
  }
  const token = input.form[FORM_TOKEN_FIELD];
  const age = typeof token === "string" ? tokenAge(token, now) : null;
  if (age === null || age < MIN_FILL_MS) {
    const reason = age === null ? "bad-token" : "too-fast";
    logger.warn({ kind: input.kind, ip: input.ip, reason }, "spam trap hit");
    return { ok: false, trapped: true, reason };
  }
  // A page left open for a day is a person, not a bot: ask them to resend rather than drop it.
  if (age > TOKEN_MAX_AGE_MS) return { ok: false, trapped: false, reason: "stale-token" };
  const rules = SUBMISSION_LIMITS[input.kind];
  const [ipOk, emailOk] = await Promise.all([
    hitRateLimit(`${input.kind}:ip:${clientIpBucket(input.ip)}`, rules.perIp, now),
    hitRateLimit(`${input.kind}:email:${input.email.toLowerCase()}`, rules.perEmail, now),
  ]);
  if (!ipOk || !emailOk) {
    logger.warn({ kind: input.kind, ip: input.ip, perIp: ipOk, perEmail: emailOk }, "rate limit reached");
    return { ok: false, trapped: false, reason: "rate-limited" };
  }
  // The submission goes ahead; its confirmation to the typed-in address only within that
  // address's mail limit, as that address may not be the sender's.
  return { ok: true, confirm: await mailAllowedTo(input.email, `${input.kind}-confirmation`) };
}
