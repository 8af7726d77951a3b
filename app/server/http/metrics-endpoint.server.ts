import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/server/env.server";
import { scrapeMetrics } from "~/server/metrics.server";

const PLAIN = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** Compared as SHA-256 digests: equal lengths for timingSafeEqual, and no early exit on a prefix. */
function sameToken(offered: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(offered), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(header: string | null): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/**
 * `/metrics` on the site's own port (decision 0062). Without METRICS_TOKEN it is not served at
 * all: 404, as an unknown machine endpoint is (the "*" route sends people home instead). With
 * it, only `Authorization: Bearer <METRICS_TOKEN>` reads the metrics; a session counts for
 * nothing, whoever it belongs to.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (token === undefined) return new Response("Not Found", { status: 404, headers: PLAIN });
  const offered = bearerToken(request.headers.get("authorization"));
  if (offered === null || !sameToken(offered, token)) {
    return new Response("Unauthorized", { status: 401, headers: { ...PLAIN, "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
