import { newId, newOrderedId } from "~/lib/ids";
import { TEST_EVENT_TYPE, WEBHOOK_PAYLOAD_VERSION } from "~/lib/webhook-events";
import { dbBool } from "~/server/db/boolean.server";
import type { Executor } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";

// The webhook outbox (decision 0103): an event is written in the transaction of the change it
// reports, with one delivery row per enabled endpoint that chose its type, so it is sent if and
// only if the change commits. The worker (worker.server.ts) claims and sends the deliveries.

export interface WebhookEventInput {
  type: string;
  /** The changed resource as the API shows it. */
  data: unknown;
}

/** An event whose resource is read only when some endpoint wants it. */
export interface LazyWebhookEvent {
  type: string;
  data: () => Promise<unknown>;
}

/** The body as signed and sent: `{ type, version, timestamp, data }`. */
export function payloadOf(event: WebhookEventInput, now: number): string {
  return JSON.stringify({ type: event.type, version: WEBHOOK_PAYLOAD_VERSION, timestamp: new Date(now).toISOString(), data: event.data });
}

/** A Standard Webhooks message id: `msg_` and a time-ordered id. */
export function newEventId(): string {
  return `msg_${newOrderedId().replace(/-/g, "")}`;
}

function chosen(eventsJson: string, type: string): boolean {
  try {
    const list: unknown = JSON.parse(eventsJson);
    return Array.isArray(list) && list.includes(type);
  } catch {
    return false;
  }
}

/**
 * Writes `event` for every enabled endpoint that chose its type (or only `onlyEndpoint`, for a
 * test event), inside `trx`. Returns the event's id, or null when no endpoint wants it (nothing
 * is stored then). The worker is woken a moment later (see `wakeSoon`).
 */
export async function writeWebhookEvent(
  trx: Executor,
  event: WebhookEventInput | LazyWebhookEvent,
  now: number,
  onlyEndpoint?: string,
): Promise<string | null> {
  const endpoints = await trx
    .selectFrom("webhookEndpoints")
    .select(["id", "events"])
    .$if(onlyEndpoint === undefined, (q) => q.where("enabled", "=", dbBool(true)))
    .$if(onlyEndpoint !== undefined, (q) => q.where("id", "=", onlyEndpoint!))
    .execute();
  const targets =
    onlyEndpoint !== undefined ? endpoints : endpoints.filter((e) => event.type !== TEST_EVENT_TYPE && chosen(e.events, event.type));
  if (targets.length === 0) return null;
  const data = typeof event.data === "function" ? await (event as LazyWebhookEvent).data() : event.data;
  // The resource is gone within the same transaction (written and erased at once): nothing to say.
  if (data === undefined) return null;
  const id = newEventId();
  await trx
    .insertInto("webhookEvents")
    .values({ id, type: event.type, payload: payloadOf({ type: event.type, data }, now), createdAt: now })
    .execute();
  await trx
    .insertInto("webhookDeliveries")
    .values(
      targets.map((endpoint) => ({
        id: newId(),
        eventId: id,
        endpointId: endpoint.id,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        lockedUntil: 0,
        responseStatus: null,
        responseBody: null,
        durationMs: null,
        lastError: null,
        firstAttemptAt: null,
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
      })),
    )
    .execute();
  wakeSoon();
  return id;
}

let wakeTimer: NodeJS.Timeout | undefined;

/**
 * Wakes the workers shortly after the write. Models call this from inside the transaction, where
 * the rows are not visible yet: the short delay lets the commit land first, and a worker that still
 * finds nothing looks again (worker.server.ts), then polls.
 */
export function wakeSoon(delayMs = 15): void {
  if (wakeTimer) return;
  wakeTimer = setTimeout(() => {
    wakeTimer = undefined;
    events().publish({ type: "webhook.enqueued" });
  }, delayMs);
  wakeTimer.unref();
}
