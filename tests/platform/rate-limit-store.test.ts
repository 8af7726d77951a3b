// Shared rate-limit counters: the database by default, Redis when REDIS_URL is
// set (decision 0013). The Redis suites run against a real server when TEST_REDIS_URL is set.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-messages";
import { action as quoteAction } from "~/routes/marketing/quote";
import { readiness } from "~/server/http/health.server";
import { createRedisCounters } from "~/server/defence/counters-redis.server";
import { db } from "~/server/db/db.server";
import { clearRateLimit, closeRateLimitStore, hitRateLimit, takeBackRateLimitHit } from "~/server/defence/rate-limit.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { signUp } from "../helpers/accounts";
import { validQuote } from "../helpers/quotes";
import { call } from "../helpers/routes";

// The sign-in test hashes with Argon2id a dozen times.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn("[rate-limit-store] TEST_REDIS_URL is not set: Redis suites skipped.");
// Every run gets its own keys, so parallel runs and leftovers never meet.
const runPrefix = `test-${randomBytes(6).toString("hex")}:`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deleteKeys(redis: Redis, prefix: string) {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
}

function postQuote(email: string) {
  const fields = validQuote({ email });
  return call(quoteAction, "/quote", { form: fields, clientIp: "203.0.113.40" });
}

describe.skipIf(!redisUrl)("Redis counters", () => {
  const prefix = `${runPrefix}store:`;
  const instanceA = createRedisCounters(redisUrl!, prefix);
  const instanceB = createRedisCounters(redisUrl!, prefix);
  const inspector = new Redis(redisUrl!);
  afterAll(async () => {
    await deleteKeys(inspector, prefix);
    await Promise.all([instanceA.close(), instanceB.close(), inspector.quit()]);
  });

  test("Two instances sharing one Redis count into the same window", async () => {
    expect(await instanceA.hit("shared", 60_000, Date.now())).toBe(1);
    expect(await instanceB.hit("shared", 60_000, Date.now())).toBe(2);
    expect(await instanceA.hit("shared", 60_000, Date.now())).toBe(3);
    expect(await instanceB.peek("shared", 60_000, Date.now())).toBe(3);
  });

  test("Fifty concurrent hits from two instances are each counted exactly once", async () => {
    const hits = Array.from({ length: 50 }, (_, i) => (i % 2 ? instanceA : instanceB).hit("burst", 60_000, Date.now()));
    const counts = (await Promise.all(hits)).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  test("A window ends windowMs after its first hit and the count starts again", async () => {
    await instanceA.hit("short", 300, Date.now());
    await instanceA.hit("short", 300, Date.now());
    const ttl = await inspector.pttl(`${prefix}rl:short`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await sleep(400);
    expect(await instanceB.peek("short", 300, Date.now())).toBe(0);
    expect(await instanceB.hit("short", 300, Date.now())).toBe(1);
  });

  test("Later hits do not stretch the window", async () => {
    await instanceA.hit("fixed", 400, Date.now());
    await sleep(250);
    await instanceA.hit("fixed", 400, Date.now());
    expect(await inspector.pttl(`${prefix}rl:fixed`)).toBeLessThanOrEqual(150);
  });

  test("A take-back refunds one hit, never below zero, and keeps the window's expiry", async () => {
    await instanceA.hit("refund", 60_000, Date.now());
    await instanceA.hit("refund", 60_000, Date.now());
    await instanceB.takeBack("refund");
    expect(await instanceA.peek("refund", 60_000, Date.now())).toBe(1);
    expect(await inspector.pttl(`${prefix}rl:refund`)).toBeGreaterThan(0);
    await instanceB.takeBack("refund");
    await instanceB.takeBack("refund");
    expect(await instanceA.peek("refund", 60_000, Date.now())).toBe(0);
    await instanceB.takeBack("never-hit");
    expect(await inspector.exists(`${prefix}rl:never-hit`)).toBe(0);
  });

  test("A cleared key starts a new window on its next hit", async () => {
    await instanceA.hit("cleared", 60_000, Date.now());
    await instanceA.hit("cleared", 60_000, Date.now());
    await instanceB.clear("cleared");
    expect(await instanceA.hit("cleared", 60_000, Date.now())).toBe(1);
  });

  test("Of many parallel sign-in attempts past the free ones, two instances let exactly one open the delay gate", async () => {
    const opened = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? instanceA : instanceB).hit("gate", 30_000, Date.now())));
    expect(opened.filter((count) => count === 1)).toHaveLength(1);
  });

  test("A peek reads the count without counting", async () => {
    await instanceA.hit("peeked", 60_000, Date.now());
    await instanceA.peek("peeked", 60_000, Date.now());
    expect(await instanceA.peek("peeked", 60_000, Date.now())).toBe(1);
    expect(await instanceA.peek("never-hit", 60_000, Date.now())).toBe(0);
  });
});

describe.skipIf(!redisUrl)("The app with REDIS_URL set", () => {
  const prefix = `${runPrefix}app:`;
  const inspector = new Redis(redisUrl!);
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    await closeRateLimitStore();
    ({ cleanup } = await useAppDatabase(testDatabases("rate-limit-store")[0]!, { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix }));
  });
  afterAll(async () => {
    await closeRateLimitStore();
    await cleanup();
    await deleteKeys(inspector, prefix);
    await inspector.quit();
  });

  test("The quote form's per-e-mail limit is counted in Redis, not in the database", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await postQuote("redis-limit@example.com")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(await inspector.get(`${prefix}rl:quote:email:redis-limit@example.com`)).toBe("11");
    expect(await db().selectFrom("rateLimits").selectAll().execute()).toEqual([]);
  });

  test("Sign-in attempts are counted in Redis, and make the account wait after six failures", async () => {
    const client = await signUp("locked-out@example.com");
    const request = () => new Request("http://localhost:3000/login", { method: "POST" });
    const attempt = (password: string) =>
      signInWithPassword(request(), { email: client.email, password }, { as: "client", clientIp: "203.0.113.41" });
    for (let i = 0; i < 6; i++) expect(await attempt("wrong-password-123")).toMatchObject({ ok: false, status: 400 });
    expect(await attempt("correct-horse-battery-staple")).toEqual({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS });
    // Every attempt is counted before its password is checked, the refused one too.
    expect(await inspector.get(`${prefix}rl:login:account:locked-out@example.com`)).toBe("7");
    expect(await inspector.pttl(`${prefix}rl:login:gate:locked-out@example.com`)).toBeGreaterThan(25_000);
    expect(await db().selectFrom("rateLimits").selectAll().execute()).toEqual([]);
  });

  test("Forty parallel wrong passwords for one account through Redis counters get at most six checked", async () => {
    const client = await signUp("burst-redis@example.com");
    const attempt = (i: number) =>
      signInWithPassword(
        new Request("http://localhost:3000/login", { method: "POST" }),
        { email: client.email, password: `burst-${i}-password` },
        { as: "client", clientIp: `198.18.1.${i + 1}` },
      );
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(i)));
    const checked = outcomes.filter((o) => !o.ok && o.status !== 429);
    expect(checked.length).toBeGreaterThanOrEqual(1);
    expect(checked.length).toBeLessThanOrEqual(6);
    expect(await inspector.get(`${prefix}rl:login:account:burst-redis@example.com`)).toBe("40");
  });

  test("The readiness check includes Redis and passes while it answers", async () => {
    expect(await readiness()).toMatchObject({ ready: true, redis: "ok" });
  });
});

describe.each(testDatabases("rate-limit-store"))("Database counters on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    await closeRateLimitStore();
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());

  test("Without REDIS_URL the counters live in the rate_limits table", async () => {
    const now = Date.now();
    expect(await hitRateLimit("db:default", { limit: 1, windowMs: 60_000 }, now)).toBe(true);
    expect(await hitRateLimit("db:default", { limit: 1, windowMs: 60_000 }, now)).toBe(false);
    const row = await db().selectFrom("rateLimits").selectAll().where("key", "=", "db:default").executeTakeFirst();
    expect(row).toMatchObject({ count: 2 });
  });

  test("A take-back refunds one hit and a clear forgets the key", async () => {
    const now = Date.now();
    const rule = { limit: 1, windowMs: 60_000 };
    expect(await hitRateLimit("db:refund", rule, now)).toBe(true);
    await takeBackRateLimitHit("db:refund");
    expect(await hitRateLimit("db:refund", rule, now)).toBe(true);
    expect(await hitRateLimit("db:refund", rule, now)).toBe(false);
    await clearRateLimit("db:refund");
    expect(await hitRateLimit("db:refund", rule, now)).toBe(true);
    await takeBackRateLimitHit("db:refund");
    await takeBackRateLimitHit("db:refund");
    const row = await db().selectFrom("rateLimits").selectAll().where("key", "=", "db:refund").executeTakeFirst();
    expect(row).toMatchObject({ count: 0 });
  });

  test("Of many parallel sign-in attempts past the free ones, exactly one opens the delay gate", async () => {
    const now = Date.now();
    const opened = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit("db:gate", { limit: 1, windowMs: 30_000 }, now)));
    expect(opened.filter(Boolean)).toHaveLength(1);
  });

  test("Windows that ended a day ago are dropped as new hits arrive", async () => {
    const now = Date.now();
    await db()
      .insertInto("rateLimits")
      .values({ key: "db:ancient", windowStart: now - 25 * 3_600_000, count: 3 })
      .execute();
    await hitRateLimit("db:fresh", { limit: 5, windowMs: 60_000 }, now + 2 * 3_600_000);
    const keys = (await db().selectFrom("rateLimits").select("key").execute()).map((r) => r.key);
    expect(keys).not.toContain("db:ancient");
    expect(keys).toContain("db:fresh");
  });
});

test("The readiness check fails when REDIS_URL is set and Redis does not answer", async () => {
  await closeRateLimitStore();
  const database = testDatabases("rate-limit-store")[0]!;
  const { cleanup } = await useAppDatabase(database, { REDIS_URL: "redis://127.0.0.1:1" });
  try {
    expect(await readiness()).toMatchObject({ ready: false, database: "ok", redis: "unreachable" });
  } finally {
    await closeRateLimitStore();
    await cleanup();
  }
});
