import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";
import { readRawBody } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processSoon } from "~/server/models/inbound/inbound-sweep.server";

/** As a support attachment may be 25 MB, a mail carrying one is a little more once encoded. */
export const INBOUND_MAX_BYTES = 40 * 1024 * 1024;

const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** Constant-time, whatever the lengths: both sides are hashed first. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * 404 while INBOUND_MAIL_SECRET is unset (the entry is off, like online payment without its keys);
 * 401 for a missing or wrong secret, 415 for anything but message/rfc822, 413 past the limit;
 * 202 once the bytes and the row are stored (a replayed Message-ID: 202, nothing new).
 * `process` runs after the answer (tests pass their own to process in step).
 */
export async function answerInboundMail(request: Request, process: (id: string) => void = processSoon): Promise<Response> {
  const secret = getEnv().INBOUND_MAIL_SECRET;
  if (!secret) return answer(404, { error: "Inbound mail is off." });
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return answer(401, { error: "Missing bearer secret." }, { "WWW-Authenticate": "Bearer" });
  if (!sameSecret(match[1]!, secret)) return answer(401, { error: "Wrong bearer secret." }, { "WWW-Authenticate": "Bearer" });
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "message/rfc822") return answer(415, { error: "Expected Content-Type: message/rfc822." });
  let raw: Buffer;
  try {
    raw = await readRawBody(request, INBOUND_MAX_BYTES);
  } catch (error) {
    if (error instanceof Response && error.status === 413) return answer(413, { error: "The message is larger than 40 MB." });
    throw error;
  }
  if (raw.length === 0) return answer(400, { error: "The body is empty." });
  const stored = await storeInbound(raw);
  logger.info({ inbound: stored.id, duplicate: stored.duplicate, bytes: raw.length }, "inbound mail stored");
  if (!stored.duplicate) process(stored.id);
  return answer(202, { id: stored.id, duplicate: stored.duplicate });
}
