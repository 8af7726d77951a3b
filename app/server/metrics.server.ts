import type { LogEvent } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The process's Prometheus metrics (docs/metrics.md, decision 0062). A leaf like the logger:
// every layer may record here, and nothing here imports the layers. What only a layer can
// read at scrape time (the outbox) is handed in with `measureOutboxWith`.

export const metricsRegistry = new Registry();

const registers = [metricsRegistry];

const httpRequestDuration = new Histogram({
  name: "agency_http_request_duration_seconds",
  help: "Time from a request's arrival to the last byte of its answer, by React Router route id, method and status.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

const dbQueryDuration = new Histogram({
  name: "agency_db_query_duration_seconds",
  help: "Time of each database query, by operation (select, insert, update, delete, transaction, other).",
  labelNames: ["operation"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

const dbQueryErrors = new Counter({
  name: "agency_db_query_errors_total",
  help: "Database queries that failed, by operation.",
  labelNames: ["operation"] as const,
  registers,
});

const liveStreams = new Gauge({
  name: "agency_live_update_streams_open",
  help: "Live-update (server-sent events) streams open on this instance.",
  registers,
});

const jobRuns = new Counter({
  name: "agency_job_runs_total",
  help: "Background job runs on this instance, by job and outcome (success, failure, skipped: another instance held the run).",
  labelNames: ["job", "outcome"] as const,
  registers,
});

const jobLastSuccess = new Gauge({
  name: "agency_job_last_success_timestamp_seconds",
  help: "When a job last finished successfully on this instance (Unix time).",
  labelNames: ["job"] as const,
  registers,
});

const inboundImapConnected = new Gauge({
  name: "agency_inbound_imap_connected",
  help: "1 while this instance holds the inbound mailbox (INBOUND_IMAP_URL) open, else 0; summed over instances, 0 means no one imports.",
  registers,
});

export interface OutboxDepth {
  pending: number;
  failed: number;
  /** createdAt (epoch ms) of the oldest pending mail, or null when none is pending. */
  oldestPendingAt: number | null;
}

let readOutbox: (() => Promise<OutboxDepth>) | undefined;
let outboxReading: Promise<OutboxDepth | null> | null = null;

/** One outbox query per scrape, shared by the gauges below; null when it fails. */
function outboxDepthOnce(): Promise<OutboxDepth | null> {
  if (!readOutbox) return Promise.resolve(null);
  outboxReading ??= readOutbox()
    .catch(() => null)
    .finally(() => (outboxReading = null));
  return outboxReading;
}

function outboxGauge(name: string, help: string, value: (depth: OutboxDepth) => number) {
  return new Gauge({
    name,
    help,
    registers,
    async collect() {
      // NaN, not 0, when the database does not answer: an empty outbox and an unknown one differ.
      const depth = await outboxDepthOnce();
      this.set(depth ? value(depth) : Number.NaN);
    },
  });
}

outboxGauge("agency_mail_outbox_pending_messages", "Mails in the outbox waiting to be sent (retries included).", (d) => d.pending);
outboxGauge("agency_mail_outbox_failed_messages", "Mails in the outbox that failed for good.", (d) => d.failed);
outboxGauge("agency_mail_outbox_oldest_pending_age_seconds", "Age of the oldest mail waiting to be sent; 0 when none is waiting.", (d) =>
  d.oldestPendingAt === null ? 0 : Math.max(0, (Date.now() - d.oldestPendingAt) / 1000),
);

/** How the outbox gauges read the outbox at scrape time (the mail layer's query). */
export function measureOutboxWith(read: () => Promise<OutboxDepth>): void {
  readOutbox = read;
}

let defaultsOn = false;

/** Adds prom-client's process and Node.js metrics (CPU, memory, event loop lag, GC); once. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The text a scrape gets, and its content type. */
export async function scrapeMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

// node:http accepts any method token; the label keeps the ones the site answers.
const METHOD_LABELS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

export function recordRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  const methodLabel = method !== undefined && METHOD_LABELS.has(method) ? method : "other";
  httpRequestDuration.observe({ route, method: methodLabel, status: String(status) }, seconds);
}

const OPERATION_OF_NODE: Record<string, string> = {
  SelectQueryNode: "select",
  InsertQueryNode: "insert",
  UpdateQueryNode: "update",
  DeleteQueryNode: "delete",
};
const OPERATION_OF_WORD = new Map([
  ["select", "select"],
  ["with", "select"],
  ["insert", "insert"],
  ["update", "update"],
  ["delete", "delete"],
  ...["begin", "commit", "rollback", "savepoint", "release"].map((word) => [word, "transaction"] as const),
]);

/** A bounded label: the query builder's node kind, or a raw statement's first word. */
function operationOf(event: LogEvent): string {
  const fromNode = OPERATION_OF_NODE[event.query.query.kind];
  if (fromNode) return fromNode;
  const word = /^\s*([a-z]+)/i.exec(event.query.sql)?.[1]?.toLowerCase() ?? "";
  return OPERATION_OF_WORD.get(word) ?? "other";
}

/** Kysely's `log` hook: every query's time, and failures counted apart. */
export function recordQuery(event: LogEvent): void {
  const operation = operationOf(event);
  dbQueryDuration.observe({ operation }, event.queryDurationMillis / 1000);
  if (event.level === "error") dbQueryErrors.inc({ operation });
}

export function liveStreamOpened(): void {
  liveStreams.inc();
}

export function liveStreamClosed(): void {
  liveStreams.dec();
}

export type JobOutcome = "success" | "failure" | "skipped";

export function recordJobRun(job: string, outcome: JobOutcome, at = Date.now()): void {
  jobRuns.inc({ job, outcome });
  if (outcome === "success") jobLastSuccess.set({ job }, at / 1000);
}

/** Whether this instance holds the inbound IMAP mailbox open (decision 0100). */
export function setInboundImapConnected(connected: boolean): void {
  inboundImapConnected.set(connected ? 1 : 0);
}
