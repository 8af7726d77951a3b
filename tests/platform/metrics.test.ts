import { sql } from "kysely";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { startLeasedSchedule } from "~/server/db/leased-schedule.server";
import { readOutboxDepth } from "~/server/mail/outbox-depth.server";
import { enqueueMail } from "~/server/mail/outbox.server";
import { metricsResponse } from "~/server/http/metrics-endpoint.server";
import { collectProcessMetrics, measureOutboxWith, metricsRegistry, scrapeMetrics } from "~/server/metrics.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { sampleValue } from "../helpers/prometheus";

const scrape = async () => (await scrapeMetrics()).body;

function mail(key: string) {
  return { to: "someone@example.com", subject: "Hello", text: "Hello", idempotencyKey: key };
}

describe.each(testDatabases("metrics"))("Metrics on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    measureOutboxWith(() => readOutboxDepth());
  });
  afterAll(() => cleanup());

  test("The outbox gauges count a queued mail and how long the oldest has waited", async () => {
    await clearTables("mailOutbox");
    expect(sampleValue(await scrape(), "agency_mail_outbox_pending_messages")).toBe(0);
    expect(sampleValue(await scrape(), "agency_mail_outbox_oldest_pending_age_seconds")).toBe(0);

    await enqueueMail(db(), mail("metrics:old"), Date.now() - 90_000);
    await enqueueMail(db(), mail("metrics:new"));
    await enqueueMail(db(), { ...mail("metrics:held"), status: "digest" });
    const text = await scrape();
    expect(sampleValue(text, "agency_mail_outbox_pending_messages")).toBe(2);
    expect(sampleValue(text, "agency_mail_outbox_failed_messages")).toBe(0);
    const age = sampleValue(text, "agency_mail_outbox_oldest_pending_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);

    await db().updateTable("mailOutbox").set({ status: "failed" }).where("idempotencyKey", "=", "metrics:old").execute();
    const after = await scrape();
    expect(sampleValue(after, "agency_mail_outbox_pending_messages")).toBe(1);
    expect(sampleValue(after, "agency_mail_outbox_failed_messages")).toBe(1);
    expect(sampleValue(after, "agency_mail_outbox_oldest_pending_age_seconds")).toBeLessThan(30);
  });

  test("Database queries are timed by operation, and failed ones are counted", async () => {
    const before = await scrape();
    const count = (text: string, operation: string) => sampleValue(text, "agency_db_query_duration_seconds_count", { operation }) ?? 0;
    const errors = (text: string) => sampleValue(text, "agency_db_query_errors_total", { operation: "select" }) ?? 0;
    await db().selectFrom("mailOutbox").select("id").execute();
    await db()
      .insertInto("mailOutbox")
      .values({ ...row(), idempotencyKey: "metrics:insert" })
      .execute();
    await expect(sql`select no_such_column from mail_outbox`.execute(db())).rejects.toThrow();
    const after = await scrape();
    expect(count(after, "select")).toBeGreaterThanOrEqual(count(before, "select") + 2);
    expect(count(after, "insert")).toBeGreaterThanOrEqual(count(before, "insert") + 1);
    expect(errors(after)).toBe(errors(before) + 1);
  });
});

test("A scheduled job's runs are counted by outcome, with the time of its last success", async () => {
  const job = "test-job";
  const outcomes = [async () => ({ done: true }), async () => null, async () => Promise.reject(new Error("disk full"))];
  let calls = 0;
  const started = Date.now();
  const schedule = startLeasedSchedule("* * * * * *", {
    name: job,
    run: () => (outcomes[calls++] ?? outcomes[1]!)(),
    describe: (result) => result,
  });
  const runs = (text: string, outcome: string) => sampleValue(text, "agency_job_runs_total", { job, outcome }) ?? 0;
  try {
    await expect
      .poll(
        async () => {
          const text = await scrape();
          return ["success", "skipped", "failure"].every((outcome) => runs(text, outcome) >= 1);
        },
        { timeout: 6_000, interval: 200 },
      )
      .toBe(true);
  } finally {
    schedule.stop();
  }
  const text = await scrape();
  expect(runs(text, "success")).toBe(1);
  expect(runs(text, "failure")).toBe(1);
  const lastSuccess = sampleValue(text, "agency_job_last_success_timestamp_seconds", { job })!;
  expect(lastSuccess * 1000).toBeGreaterThanOrEqual(started);
  expect(lastSuccess * 1000).toBeLessThanOrEqual(Date.now());
});

function row() {
  return {
    id: crypto.randomUUID(),
    toAddress: "someone@example.com",
    subject: "s",
    textBody: "t",
    htmlBody: null,
    status: "sent",
    attempts: 1,
    nextAttemptAt: 0,
    lockedUntil: 0,
    lastError: null,
    createdAt: Date.now(),
    sentAt: Date.now(),
  };
}

const TOKEN = "metrics-token-0123456789abcdef0123456789abcdef";
const ask = (authorization?: string) =>
  metricsResponse(new Request("http://localhost/metrics", { headers: authorization ? { Authorization: authorization } : {} }));

test("/metrics is not served without METRICS_TOKEN, whatever the request carries", async () => {
  await withEnv({ METRICS_TOKEN: "" }, async () => {
    expect((await ask()).status).toBe(404);
    expect((await ask(`Bearer ${TOKEN}`)).status).toBe(404);
  });
});

test("With METRICS_TOKEN, /metrics answers only the bearer of that token", async () => {
  await withEnv({ METRICS_TOKEN: TOKEN }, async () => {
    for (const refused of [undefined, "Bearer", `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await ask(refused);
      expect([refused, response.status]).toEqual([refused, 401]);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    }
    const response = await ask(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("# TYPE agency_http_request_duration_seconds histogram");
  });
});

test("Every metric the example Grafana dashboard and docs/metrics.md name is one the app reports", () => {
  collectProcessMetrics();
  const reported = new Set(metricsRegistry.getMetricsAsArray().map((metric) => metric.name));
  const named = (file: string) =>
    new Set(
      [...readFileSync(new URL(`../../docs/${file}`, import.meta.url), "utf8").matchAll(/\b(?:agency|process|nodejs)_[a-z0-9_]+/g)]
        .map(([name]) => name.replace(/_(bucket|count|sum)$/, ""))
        .filter((name) => !name.endsWith("_")),
    );
  const dashboard = named("grafana-dashboard.json");
  expect(dashboard.size).toBeGreaterThan(10);
  expect([...dashboard].filter((name) => !reported.has(name))).toEqual([]);
  expect([...named("metrics.md")].filter((name) => !reported.has(name))).toEqual([]);
});
