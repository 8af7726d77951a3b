import { databaseCounters } from "./counters-database.server";
import { getEnv } from "~/server/env.server";
import type { CounterStore } from "./counter-store";

export interface RateRule {
  limit: number;
  windowMs: number;
}

let store: CounterStore | undefined;

function counters(): CounterStore {
  if (!store) {
    const env = getEnv();
    store = env.REDIS_URL ? lazyRedisCounters(env.REDIS_URL, env.REDIS_KEY_PREFIX) : databaseCounters;
  }
  return store;
}

/** Redis counters, the client (a large load) imported on the first hit rather than at start-up. */
function lazyRedisCounters(url: string, prefix: string): CounterStore {
  const redis = import("./counters-redis.server").then(({ createRedisCounters }) => createRedisCounters(url, prefix));
  return {
    hit: async (key, windowMs, now) => (await redis).hit(key, windowMs, now),
    peek: async (key, windowMs, now) => (await redis).peek(key, windowMs, now),
    takeBack: async (key) => (await redis).takeBack(key),
    clear: async (key) => (await redis).clear(key),
    check: async () => (await redis).check(),
    close: async () => (await redis).close(),
  };
}

/** Counts one hit against `key`; returns whether it is within the limit. */
export async function hitRateLimit(key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  return (await counters().hit(key, rule.windowMs, now)) <= rule.limit;
}

/** Counts one hit against `key` and returns the count in its window, this hit included. */
export function countRateLimitHit(key: string, windowMs: number, now = Date.now()): Promise<number> {
  return counters().hit(key, windowMs, now);
}

/** Gives one hit of `key` back, as when what was counted turned out fine. */
export function takeBackRateLimitHit(key: string): Promise<void> {
  return counters().takeBack(key);
}

/** Forgets `key`: its next hit starts a new window. */
export function clearRateLimit(key: string): Promise<void> {
  return counters().clear(key);
}

export function checkRateLimitStore(): Promise<"ok" | "unreachable" | "off"> {
  return counters().check();
}

/** Closes the Redis connection, if any; the next hit opens the store named by the environment again. */
export async function closeRateLimitStore(): Promise<void> {
  const current = store;
  store = undefined;
  await current?.close();
}
