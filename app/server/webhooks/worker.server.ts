import type { Kysely } from "kysely";
import { webhooksLink } from "~/lib/links";
import { brandIn } from "~/server/brand/brand.server";
import { db as defaultDb, dialectOfDb, type DbDialect, type Trx } from "~/server/db/db.server";
import { dbBool } from "~/server/db/boolean.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { absoluteUrl, getEnv } from "~/server/env.server";
import { events as defaultEvents, type EventBus } from "~/server/events/bus.server";
import { startClaimedRunner } from "~/server/events/claimed-runner.server";
import { logger } from "~/server/logger.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { webhookDisabledMail } from "~/server/mail/webhook-mails.server";
import { parseAllowedHosts } from "./addresses.server";
import { chatBody } from "./chat-text.server";
import { claimDelivery, type DeliveryRow } from "./claims.server";
import { DestinationRefused, postWebhook, type PostOutcome, type Resolve } from "./safe-post.server";
import { signedHeaders } from "./signing.server";

// Sends the webhook outbox (decision 0103). Deliveries are claimed one at a time (claims.server.ts)
// by a few lanes in parallel; a failed attempt is tried again with exponential backoff until a day
// after the event, then given up. An endpoint that has not answered once since a given-up
// delivery's first attempt (a whole day of failures) is disabled, and every admin gets a mail.

/** How long an event is retried. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const FIRST_DELAY_MS = 10_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;

/** 10 s, 30 s, 90 s … ×3 each time, capped at 6 h, plus up to 10 % jitter. `attempts` counts the failed one. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_DELAY_MS * 3 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  return Math.round(base + base * 0.1 * random());
}

export type Send = (url: string, body: string, headers: Record<string, string>) => Promise<PostOutcome>;

export interface WebhookWorkerOptions {
  db?: Kysely<Database>;
  dialect?: DbDialect;
  /** Poll period; `webhook.enqueued` wakes the worker earlier. Default 2 s. */
  intervalMs?: number;
  /** The scheduling clock (epoch ms): when attempts are due. Signatures carry the real time. */
  now?: () => number;
  /** Default: WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts?: ReadonlySet<string>;
  /** Default: the system resolver. */
  resolve?: Resolve;
  /** Default: `retryDelayMs`. */
  retryDelay?: (attempts: number) => number;
  /** Deliveries sent at once. Default 4. */
  lanes?: number;
  /** Most deliveries one run sends. Default 200. */
  batchSize?: number;
  bus?: EventBus;
  /** false: no timer and no subscription; only runOnce() sends. Default true. */
  poll?: boolean;
}

export interface WebhookWorker {
  stop(): Promise<void>;
  /** Sends what is due at `now` (default: the clock); resolves with the number delivered. */
  runOnce(now?: number): Promise<number>;
}

function describe(error: unknown): string {
  if (error instanceof DestinationRefused) return `refused: ${error.message}`;
  const e = error as NodeJS.ErrnoException;
  return (e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? error)).slice(0, 500);
}

async function mailAdmins(trx: Trx, endpoint: { id: string; url: string }, reason: string, now: number): Promise<number> {
  const admins = await trx
    .selectFrom("users")
    .select(["id", "email"])
    .where("role", "=", "employee")
    .where("staffRole", "=", "admin")
    .where("staffDisabledAt", "is", null)
    .execute();
  const mail = webhookDisabledMail({ url: endpoint.url, reason, pageUrl: absoluteUrl(webhooksLink(endpoint.id)) }, await brandIn(trx));
  for (const admin of admins)
    await enqueueMail(trx, { to: admin.email, ...mail, idempotencyKey: `webhook-disabled:${endpoint.id}:${now}:${admin.id}` }, now);
  return admins.length;
}

/** Records a failed attempt; gives up after the window, and disables an endpoint that failed all along. */
async function recordFailure(
  trx: Trx,
  row: DeliveryRow,
  failure: { reason: string; outcome?: PostOutcome },
  now: number,
  retryDelay: (attempts: number) => number,
): Promise<{ mailed: boolean }> {
  const deadline = row.createdAt + RETRY_WINDOW_MS;
  const givesUp = now >= deadline;
  await trx
    .updateTable("webhookDeliveries")
    .set({
      status: givesUp ? "failed" : "pending",
      nextAttemptAt: givesUp ? row.nextAttemptAt : Math.min(now + retryDelay(row.attempts), deadline),
      lockedUntil: 0,
      responseStatus: failure.outcome?.status ?? null,
      responseBody: failure.outcome?.body ?? null,
      durationMs: failure.outcome?.durationMs ?? null,
      lastError: failure.reason,
      updatedAt: now,
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  await trx
    .updateTable("webhookEndpoints")
    .set((eb) => ({ failingSince: eb.fn.coalesce("failingSince", eb.val(now)) }))
    .where("id", "=", row.endpointId)
    .execute();
  if (!givesUp) return { mailed: false };
  const firstAttempt = row.firstAttemptAt ?? now;
  const disabled = await trx
    .updateTable("webhookEndpoints")
    .set({ enabled: dbBool(false), disabledReason: `No successful delivery for a day: ${failure.reason}`.slice(0, 300), updatedAt: now })
    .where("id", "=", row.endpointId)
    .where("enabled", "=", dbBool(true))
    .where("failingSince", "<=", firstAttempt)
    .returning(["id", "url"])
    .executeTakeFirst();
  if (!disabled) return { mailed: false };
  logger.warn({ endpointId: disabled.id }, "webhook endpoint disabled after a day of failures");
  return { mailed: (await mailAdmins(trx, disabled, failure.reason, now)) > 0 };
}

export function startWebhookWorker(options: WebhookWorkerOptions = {}): WebhookWorker {
  const database = options.db ?? defaultDb();
  const dialect = options.dialect ?? dialectOfDb(database);
  const intervalMs = options.intervalMs ?? 2_000;
  const clock = options.now ?? Date.now;
  const bus = options.bus ?? defaultEvents();
  const lanes = options.lanes ?? 4;
  const batchSize = options.batchSize ?? 200;
  const retryDelay = options.retryDelay ?? ((attempts: number) => retryDelayMs(attempts));
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts(getEnv().WEBHOOK_ALLOWED_HOSTS);
  const send: Send = (url, body, headers) => postWebhook(url, body, headers, { allowedHosts, resolve: options.resolve });

  async function deliver(row: DeliveryRow, now: number): Promise<boolean> {
    const [event, endpoint] = await Promise.all([
      database.selectFrom("webhookEvents").select("payload").where("id", "=", row.eventId).executeTakeFirst(),
      database.selectFrom("webhookEndpoints").select(["url", "secret", "kind"]).where("id", "=", row.endpointId).executeTakeFirst(),
    ]);
    const target = event && endpoint ? { payload: event.payload, ...endpoint } : undefined;
    if (!target) {
      await writeTransaction(
        (trx) =>
          trx
            .updateTable("webhookDeliveries")
            .set({ status: "cancelled", lockedUntil: 0, lastError: "the endpoint or event is gone", updatedAt: now })
            .where("id", "=", row.id)
            .execute(),
        database,
      );
      return false;
    }
    const body = target.kind === "chat" ? chatBody(target.payload) : target.payload;
    let outcome: PostOutcome | undefined;
    let failure: string | undefined;
    try {
      outcome = await send(target.url, body, signedHeaders(target.secret, row.eventId, new Date(), body));
      if (outcome.status < 200 || outcome.status > 299)
        failure = `HTTP ${outcome.status}${outcome.status >= 300 && outcome.status < 400 ? " (redirects are not followed)" : ""}`;
    } catch (error) {
      failure = describe(error);
    }
    if (failure === undefined && outcome) {
      const delivered = outcome;
      await writeTransaction(async (trx) => {
        await trx
          .updateTable("webhookDeliveries")
          .set({
            status: "delivered",
            lockedUntil: 0,
            responseStatus: delivered.status,
            responseBody: delivered.body,
            durationMs: delivered.durationMs,
            lastError: null,
            deliveredAt: now,
            updatedAt: now,
          })
          .where("id", "=", row.id)
          .where("status", "=", "pending")
          .execute();
        await trx
          .updateTable("webhookEndpoints")
          .set({ failingSince: null })
          .where("id", "=", row.endpointId)
          .where("failingSince", "is not", null)
          .execute();
      }, database);
      return true;
    }
    const reason = failure ?? "no answer";
    const { mailed } = await writeTransaction((trx) => recordFailure(trx, row, { reason, outcome }, now, retryDelay), database);
    if (mailed) notifyMailEnqueued();
    logger.warn({ deliveryId: row.id, attempts: row.attempts, error: reason }, "webhook delivery failed");
    return false;
  }

  return startClaimedRunner({
    name: "webhook worker",
    bus,
    clock,
    intervalMs,
    batchSize,
    lanes,
    claim: (now, seen) => claimDelivery(database, dialect, now, seen),
    handle: deliver,
    wakesOn: (event) => event.type === "webhook.enqueued",
    // Written inside a transaction that may not have committed yet: look once more shortly.
    recheckMs: 150,
    poll: options.poll,
  });
}
