// The webhook figures for `npm run bench`: changes made through a model (a company created in the
// console, eight at a time), each writing its event in its transaction, delivered by the worker (its
// lanes, woken by the bus) to a local receiver on 127.0.0.1 that answers 200 at once. Timed: the
// time from the change's model call to the signed POST's arrival (p50/p95), the events a second
// delivered while changes keep coming, and the rate at which a backlog of events is drained.
// Also the latency of one change at a time (no backlog). Prints one JSON line:
// { dialect, events, concurrency, lanes, live: {perSecond, latency}, single, drain: {events, perSecond}, delivered }.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { closeDb, currentDialect, db, migrateToLatest } from "../../app/server/db/db.server";
import { createCompany } from "../../app/server/models/companies/companies-staff.server";
import { createWebhookEndpoint } from "../../app/server/models/webhooks/webhook-endpoints.server";
import { startWebhookWorker } from "../../app/server/webhooks/worker.server";
import { summary, withBenchDatabase } from "./bench-database";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 400);
const DRAIN = Number(process.env.BENCH_WEBHOOK_DRAIN ?? 1000);
const CONCURRENCY = 8;
const LANES = 4;
const actor = { id: "bench-admin", email: "bench-admin@agency.example", name: "Bench Admin" };

const arrivals = new Map<string, number>();
let received = 0;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (c: Buffer) => chunks.push(c));
  request.on("end", () => {
    const at = performance.now();
    received++;
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { id: string } };
    if (request.headers["webhook-signature"]) arrivals.set(body.data.id, at);
    response.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

async function until(done: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${received} received`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

try {
  const figures = await withBenchDatabase(async () => {
    await migrateToLatest();
    await createWebhookEndpoint(actor, { url, events: ["company.created"] });
    const worker = startWebhookWorker({ lanes: LANES, allowedHosts: new Set(["127.0.0.1"]) });

    // Live: changes keep coming while the worker delivers them.
    const started = new Map<string, number>();
    let next = 0;
    const t0 = performance.now();
    async function changer() {
      while (next < EVENTS) {
        const i = next++;
        const at = performance.now();
        const company = await createCompany(actor, { name: `Bench ${i}` });
        started.set(company.id, at);
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, changer));
    await until(() => arrivals.size >= EVENTS);
    const liveSeconds = (Math.max(...arrivals.values()) - t0) / 1000;
    const latency = [...started].map(([id, at]) => arrivals.get(id)! - at);

    // One at a time: a change made while nothing else waits, as on a normal day.
    const single: number[] = [];
    for (let i = 0; i < 50; i++) {
      const at = performance.now();
      const company = await createCompany(actor, { name: `Single ${i}` });
      await until(() => arrivals.has(company.id));
      single.push(arrivals.get(company.id)! - at);
    }
    await worker.stop();

    // Drain: a backlog written while no worker ran, then one worker (instance) sends it.
    arrivals.clear();
    for (let i = 0; i < DRAIN; i++) await createCompany(actor, { name: `Backlog ${i}` });
    const drainer = startWebhookWorker({ lanes: LANES, allowedHosts: new Set(["127.0.0.1"]), poll: false });
    const d0 = performance.now();
    while (arrivals.size < DRAIN) {
      const sent = await drainer.runOnce();
      if (sent === 0 && arrivals.size < DRAIN) throw new Error(`drain stalled at ${arrivals.size}`);
    }
    const drainSeconds = (performance.now() - d0) / 1000;
    await drainer.stop();
    const delivered = await db()
      .selectFrom("webhookDeliveries")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "delivered")
      .executeTakeFirstOrThrow();
    return {
      dialect: currentDialect(),
      events: EVENTS,
      concurrency: CONCURRENCY,
      lanes: LANES,
      live: { perSecond: EVENTS / liveSeconds, latency: summary(latency) },
      single: summary(single),
      drain: { events: DRAIN, perSecond: DRAIN / drainSeconds },
      delivered: Number(delivered.n),
    };
  });
  console.log(JSON.stringify(figures));
} finally {
  await closeDb();
  receiver.close();
}
