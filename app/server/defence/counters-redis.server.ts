import { Redis } from "ioredis";
import { logger } from "~/server/logger.server";
import type { CounterStore } from "./counter-store";

// INCR and the expiry in one step: the first hit of a window sets it, so a window lasts windowMs
// from its first hit, as in the database. The PTTL check heals a key that somehow lost its expiry.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

// A refund that never goes below zero and never creates a key (or drops its expiry).
const TAKE_BACK = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis under `${prefix}rl:`; Redis expires each window, so nothing needs pruning. */
export function createRedisCounters(url: string, prefix: string): CounterStore {
  // Fail fast while Redis is away: a request errors after ~2 s instead of queueing without end,
  // and /readyz reports it so the load balancer stops sending traffic here.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 5_000 });
  let healthy = true;
  redis.on("error", (error) => {
    if (healthy) logger.error({ err: error }, "redis: connection failed; rate limits are unavailable");
    healthy = false;
  });
  redis.on("ready", () => {
    if (!healthy) logger.info("redis: connected again");
    healthy = true;
  });
  const keyOf = (key: string) => `${prefix}rl:${key}`;

  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT, 1, keyOf(key), String(windowMs)));
    },
    async peek(key) {
      return Number((await redis.get(keyOf(key))) ?? 0);
    },
    async takeBack(key) {
      await redis.eval(TAKE_BACK, 1, keyOf(key));
    },
    async clear(key) {
      await redis.del(keyOf(key));
    },
    async check() {
      try {
        return (await redis.ping()) === "PONG" ? "ok" : "unreachable";
      } catch {
        return "unreachable";
      }
    },
    async close() {
      // quit() waits for Redis to answer; when it is down, just drop the socket.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
