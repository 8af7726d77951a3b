import { getEnv } from "~/server/env.server";
import { hitRateLimit, type RateRule } from "./rate-limit.server";

// The API's per-token limit (decision 0104): a window of one minute per token, counted in the
// shared store (database or Redis), so every instance counts the same calls.

/** API_RATE_LIMIT_PER_MINUTE calls per token per minute. */
export function apiCallsPerToken(): RateRule {
  return { limit: getEnv().API_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 };
}

/** Counts one call of the token; the seconds to wait when it is over its limit, else null. */
export async function hitApiRateLimit(tokenId: string, now = Date.now()): Promise<number | null> {
  const rule = apiCallsPerToken();
  return (await hitRateLimit(`api:token:${tokenId}`, rule, now)) ? null : Math.ceil(rule.windowMs / 1000);
}
