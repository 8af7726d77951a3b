// The server half that Vite bundles together with the routes (build/server/index.js), so the
// database, event bus and workers exist once per process. server.ts (node:http) drives it.
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { auth, CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { isResumeReferenced } from "~/server/models/pipeline/applications.server";
import { isAttachmentKeyReferenced } from "~/server/models/support/attachments.server";
import { isImageKeyReferenced } from "~/server/images/images.server";
import { isInvoicePdfReferenced } from "~/server/models/billing/invoice-delivery.server";
import { isProjectFileKeyReferenced } from "~/server/models/projects/project-files.server";
import { isSignedProposalReferenced } from "~/server/models/proposals/proposal-signed.server";
import { isInboundRawReferenced } from "~/server/models/inbound/inbound-messages.server";
import { cleanTempUploads } from "~/server/storage/storage.server";
import { recoverResumeIntents } from "~/server/uploads/resume-intents.server";
import { startContentWatcher } from "~/server/events/content-watcher.server";
import { closeDb, currentDialect, migrateToLatest } from "~/server/db/db.server";
import { seedDemoContent } from "~/server/db/demo-content.server";
import { getPlace } from "~/server/brand/locale.server";
import { getEnv } from "~/server/env.server";
import { loadCompanyDomain } from "~/server/brand/company-domain.server";
import { announceSetup } from "~/server/models/site/setup-code.server";
import { events, setEventBus } from "~/server/events/bus.server";
import { createHtmlCache } from "~/server/http/html-cache.server";
import { logger } from "~/server/logger.server";
import { checkRateLimitStore, closeRateLimitStore } from "~/server/defence/rate-limit.server";
import { isBearerApiCall, isSameOrigin } from "~/server/http/origin-check.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { startWebhookWorker } from "~/server/webhooks/worker.server";
import { startInboundSweep } from "~/server/models/inbound/inbound-sweep.server";
import { startMilestoneDueSweep } from "~/server/models/projects/milestone-due.server";
import { startDigestWorker } from "~/server/models/notifications/digest-worker.server";
import { forgetSessionLookup, REQUEST_ID_HEADER } from "~/server/auth/session.server";
import { closeAllEventStreams, recordRecentEvents } from "~/server/events/sse.server";
import { createRouteLabeller } from "~/server/http/route-label.server";
import { readOutboxDepth } from "~/server/mail/outbox-depth.server";
import { collectProcessMetrics, measureOutboxWith } from "~/server/metrics.server";
import { writeDownload, type DownloadTarget } from "~/routes/+shared/downloads.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's IP, resolved through TRUSTED_PROXIES. */
    clientIp: string;
  }
}

// The build itself, not a function returning it: given a function, React Router re-derives its
// route table and static handler on every request (meant for dev reloads), ~1 ms each.
const handler = createRequestHandler(build, "production");

export { bodyOf, isBufferedDocument, isSingleFetchData, sendDocument } from "~/server/http/send-document.server";
export { EnvError, getEnv } from "~/server/env.server";
export { reportConfiguration } from "~/server/env-check.server";
export { logger, withRequestId } from "~/server/logger.server";
export { recordRequest, scrapeMetrics } from "~/server/metrics.server";
export { STATIC_ROUTE_LABEL } from "~/server/http/route-label.server";
export { baseSecurityHeaders, RESOURCE_CSP } from "~/server/http/security-headers.server";
export { downloadTargetOf, type DownloadTarget } from "~/routes/+shared/downloads.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The request metrics' `route` label of a path: the id of the route that answers it. */
export const routeLabelOf = createRouteLabeller(build.routes);

/** Whether this instance exposes metrics (METRICS_TOKEN or METRICS_PORT): then it measures requests. */
export function metricsOn(): boolean {
  const env = getEnv();
  return env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined;
}

export function handleRequest(request: Request, clientIp: string): Promise<Response> {
  // Better Auth reads the client IP from this header; whatever a client sent is replaced.
  request.headers.set(CLIENT_IP_HEADER, clientIp);
  // One origin check for every route: React Router's covers UI routes only, and only when the
  // request carries an Origin; a cross-site fetch without one is refused here too. An API call with
  // a bearer token and no cookie has no ambient credential to forge (decision 0104).
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request) && !isBearerApiCall(request)) {
    return Promise.resolve(
      new Response("Cross-site request refused.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
    );
  }
  const requestId = randomUUID();
  request.headers.set(REQUEST_ID_HEADER, requestId);
  return handler(request, { clientIp }).finally(() => forgetSessionLookup(requestId));
}

/**
 * A GET or HEAD of a private file (`/files/:id`, `/attachments/:id` and their
 * thumbnails), answered without React Router: the same guard, lookup, Range/ETag answer and audit
 * as the resource routes (routes/+shared/downloads.server.ts), then the stored bytes written into
 * the socket (reused buffers on local disk). Through the Fetch bridge a 50 MB download ran at about
 * half a static file server's speed (decision 0040). Resolves with a Response for server.ts to send when the answer
 * is not the file (sign-in redirect, 403, 404), or null once the file has been sent.
 */
export async function sendDownload(
  request: Request,
  clientIp: string,
  target: DownloadTarget,
  res: ServerResponse,
): Promise<Response | null> {
  request.headers.set(CLIENT_IP_HEADER, clientIp);
  const requestId = randomUUID();
  request.headers.set(REQUEST_ID_HEADER, requestId);
  try {
    return await writeDownload(request, target, res);
  } finally {
    forgetSessionLookup(requestId);
  }
}

/**
 * Public pages for anonymous visitors, answered from memory by server.ts (decision 0011). It lives
 * here, in the app's bundle, so that it follows the same event bus as the rest of the app.
 */
export const htmlCache = createHtmlCache({
  onError: (error) => logger.error({ err: error }, "html cache: compressing a page failed"),
});

let mailWorker: { stop(): Promise<void> } | undefined;
let webhookWorker: { stop(): Promise<void> } | undefined;
let digestWorker: { stop(): Promise<void> } | undefined;
let contentWatcher: { stop(): void } | undefined;
let milestoneDueSweep: { stop(): void } | undefined;
let inboundSweep: { stop(): void } | undefined;
let imapPoller: { stop(): Promise<void> } | undefined;
let stopCacheInvalidation: (() => void) | undefined;
let postgresBus: { close(): Promise<void> } | undefined;
let instanceLock: { close(): Promise<void> } | undefined;
let backupSchedule: { stop(): void } | undefined;
let retentionSchedule: { stop(): void } | undefined;
let reminderSchedule: { stop(): void } | undefined;
let scheduleZone: string | undefined;
let stopZoneWatch: (() => void) | undefined;

/** The scheduled backups and retention runs, in the agency's time zone (Settings → Time and place). */
async function startSchedules(): Promise<void> {
  const env = getEnv();
  const timeZone = (await getPlace()).timeZone;
  scheduleZone = timeZone;
  if (env.BACKUP_SCHEDULE) {
    const { startScheduledBackups } = await import("~/server/backup/schedule.server");
    backupSchedule = startScheduledBackups(env.BACKUP_SCHEDULE, timeZone);
  }
  // Purges what is past its retention, once a day on one instance (decision 0049).
  if (env.RETENTION_SCHEDULE !== "off") {
    const { startRetentionSchedule } = await import("~/server/privacy/retention-schedule.server");
    retentionSchedule = startRetentionSchedule(env.RETENTION_SCHEDULE, undefined, timeZone);
  }
  // Payment reminders of open invoices, once a day on one instance.
  if (env.INVOICE_REMINDER_SCHEDULE !== "off") {
    const { startInvoiceReminderSchedule } = await import("~/server/models/billing/invoice-reminder-schedule.server");
    reminderSchedule = startInvoiceReminderSchedule(env.INVOICE_REMINDER_SCHEDULE, timeZone);
  }
}

/**
 * Loads what the first sign-in needs (Better Auth) once the server is answering: it stays off the
 * path to the first page, and the first visitor who signs in does not wait for it.
 */
export function warmUp(): void {
  auth().catch((error: unknown) => logger.error({ err: error }, "loading the auth library failed"));
}

/** Migrations, demo content and background workers; called once before listening. */
export async function startApp(): Promise<void> {
  const env = getEnv();
  if (env.DATABASE_URL && currentDialect() === "postgres") {
    // Held while this instance runs, so `npm run restore` refuses a live database; taken before
    // migrating, so an instance started during a restore waits for it (decision 0047).
    const { holdInstanceLock } = await import("~/server/db/instance-lock.server");
    instanceLock = await holdInstanceLock(env.DATABASE_URL);
  }
  await migrateToLatest();
  // On PostgreSQL every instance hears every event (LISTEN/NOTIFY); swapped in before anything subscribes.
  if (env.DATABASE_URL && currentDialect() === "postgres") {
    const { createPostgresBus } = await import("~/server/events/bus-postgres.server");
    const bus = await createPostgresBus(env.DATABASE_URL);
    postgresBus = bus;
    setEventBus(bus);
  }
  if (env.DEMO_CONTENT === "on") await seedDemoContent();
  // The staff e-mail domain saved at first-run setup (after the bus swap: it reloads on site.changed);
  // with no staff account yet, the one log line naming /setup and its one-time code.
  await loadCompanyDomain();
  await announceSetup(env.APP_URL);
  if (metricsOn()) {
    collectProcessMetrics();
    measureOutboxWith(() => readOutboxDepth());
  }
  // Connects now rather than on the first form post; /readyz stays 503 until Redis answers.
  if (env.REDIS_URL && (await checkRateLimitStore()) !== "ok") logger.warn("redis (REDIS_URL) is not answering yet");
  // Leftovers of dead processes on this host at once; other hosts' (a shared directory) when stale.
  // One intent mechanism for every upload; the key's folder says which rows may reference it.
  await recoverResumeIntents(isStoredKeyReferenced, undefined, 3_600_000);
  await cleanTempUploads(undefined, 3_600_000);
  // Subscribed before the content watcher starts, so no change can slip between them.
  stopCacheInvalidation = htmlCache.subscribe(events());
  // ...and so is the replay log a live page catches up from when its stream connects late.
  recordRecentEvents();
  mailWorker = startMailWorker();
  // Webhooks and chat alerts from their outbox, under claims on every instance (decision 0103).
  webhookWorker = startWebhookWorker();
  // On one instance at a time (a database lease), loaded only when asked for.
  // Both read their pattern in the agency's time zone, and start again when it changes.
  await startSchedules();
  stopZoneWatch = events().subscribe((event) => {
    if (event.type !== "site.changed") return;
    void getPlace()
      .then(async ({ timeZone }) => {
        if (timeZone === scheduleZone) return;
        backupSchedule?.stop();
        retentionSchedule?.stop();
        reminderSchedule?.stop();
        await startSchedules();
      })
      .catch((error: unknown) => logger.error({ err: error }, "restarting the schedules in the new time zone failed"));
  });
  // Daily digests at each person's hour; queued into the outbox the mail worker sends.
  digestWorker = startDigestWorker();
  contentWatcher = startContentWatcher();
  // Members hear of a milestone the day before it is due (decision 0041).
  milestoneDueSweep = startMilestoneDueSweep();
  // Inbound mail stored but not processed (a crash, a failure due again): finished here (decision 0096).
  inboundSweep = startInboundSweep();
  // The mailbox of INBOUND_IMAP_URL, read by one instance at a time under a lease (decision 0100).
  if (env.INBOUND_IMAP_URL) {
    const { startImapPoller } = await import("~/server/models/inbound/imap-poller.server");
    const { parseImapUrl } = await import("~/server/env-imap.server");
    const target = parseImapUrl(env.INBOUND_IMAP_URL);
    // Checked at boot (env.server.ts): a string here would be a reason, never reached.
    if (typeof target !== "string") imapPoller = startImapPoller(target);
  }
  logger.info("app started");
}

/** Whether the rows of the key's kind (project file, support attachment, image, invoice PDF, resume) still reference it. */
function isStoredKeyReferenced(key: string): Promise<boolean> {
  if (key.startsWith("projects/")) return isProjectFileKeyReferenced(key);
  if (key.startsWith("attachments/")) return isAttachmentKeyReferenced(key);
  if (key.startsWith("images/")) return isImageKeyReferenced(key);
  if (key.startsWith("invoices/")) return isInvoicePdfReferenced(key);
  if (key.startsWith("proposals/")) return isSignedProposalReferenced(key);
  if (key.startsWith("inbound/")) return isInboundRawReferenced(key);
  return isResumeReferenced(key);
}

/** Ends live streams so the HTTP server can close; then stops workers and the database. */
export function closeStreams(): number {
  return closeAllEventStreams();
}

export async function stopApp(): Promise<void> {
  closeAllEventStreams();
  contentWatcher?.stop();
  milestoneDueSweep?.stop();
  inboundSweep?.stop();
  await imapPoller?.stop();
  stopCacheInvalidation?.();
  htmlCache.invalidate();
  stopZoneWatch?.();
  backupSchedule?.stop();
  retentionSchedule?.stop();
  reminderSchedule?.stop();
  await digestWorker?.stop();
  await webhookWorker?.stop();
  await mailWorker?.stop();
  await postgresBus?.close();
  await instanceLock?.close();
  await closeRateLimitStore();
  await closeDb();
}
