import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { TEST_EVENT_TYPE, type DeliveryStatus } from "~/lib/webhook-events";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { wakeSoon, writeWebhookEvent } from "~/server/webhooks/outbox.server";
import { recordAudit } from "../shared/audit.server";

// An endpoint's delivery log, "Send test event" and "Redeliver" (decision 0103).

export interface DeliveryView {
  id: string;
  eventId: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  responseStatus: number | null;
  /** At most the first 1 kB of the receiver's answer. */
  responseBody: string | null;
  durationMs: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
}

const STATUSES: readonly DeliveryStatus[] = ["pending", "delivered", "failed", "cancelled"];

/** The newest deliveries to one endpoint, newest first. */
export async function listDeliveries(endpointId: string, limit = 50): Promise<DeliveryView[]> {
  const rows = await db()
    .selectFrom("webhookDeliveries as d")
    .innerJoin("webhookEvents as e", "e.id", "d.eventId")
    .select([
      "d.id",
      "d.eventId",
      "e.type",
      "d.status",
      "d.attempts",
      "d.nextAttemptAt",
      "d.responseStatus",
      "d.responseBody",
      "d.durationMs",
      "d.lastError",
      "d.createdAt",
      "d.deliveredAt",
    ])
    .where("d.endpointId", "=", endpointId)
    .orderBy("d.createdAt", "desc")
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ...r,
    status: STATUSES.includes(r.status as DeliveryStatus) ? (r.status as DeliveryStatus) : "pending",
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.nextAttemptAt),
    createdAt: Number(r.createdAt),
    deliveredAt: r.deliveredAt === null ? null : Number(r.deliveredAt),
  }));
}

/** "Send test event": a `webhook.test` event to this endpoint only, whether or not it is enabled. */
export async function sendTestEvent(actor: Actor, endpointId: string, now = Date.now()): Promise<string> {
  return writeTransaction(async (trx) => {
    const endpoint = await trx.selectFrom("webhookEndpoints").select(["id", "url"]).where("id", "=", endpointId).executeTakeFirst();
    if (!endpoint) throw new Refusal("not-found", "That endpoint is not there any more.");
    const data = { object: "webhook_test", endpointId, message: "A test event sent from the console." };
    const id = await writeWebhookEvent(trx, { type: TEST_EVENT_TYPE, data }, now, endpointId);
    await recordAudit(trx, actor, { action: "webhook.test", entity: "webhook", entityId: endpointId, detail: { eventId: id } }, now);
    return id!;
  });
}

/**
 * "Redeliver": the same event (same webhook-id, so a receiver can tell it has it) once more, as a
 * new delivery with a day of retries of its own. A delivery still under way is refused.
 */
export async function redeliver(actor: Actor, endpointId: string, deliveryId: string, now = Date.now()): Promise<string> {
  const id = await writeTransaction(async (trx) => {
    const delivery = await trx
      .selectFrom("webhookDeliveries")
      .select(["id", "eventId", "status"])
      .where("id", "=", deliveryId)
      .where("endpointId", "=", endpointId)
      .executeTakeFirst();
    if (!delivery) throw new Refusal("not-found", "That delivery is not in this endpoint's log.");
    if (delivery.status === "pending") throw new Refusal("conflict", "This delivery is still being tried.");
    const fresh = newId();
    await trx
      .insertInto("webhookDeliveries")
      .values({
        id: fresh,
        eventId: delivery.eventId,
        endpointId,
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
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "webhook.redeliver",
        entity: "webhook",
        entityId: endpointId,
        detail: { eventId: delivery.eventId, from: delivery.id, delivery: fresh },
      },
      now,
    );
    return fresh;
  });
  wakeSoon(0);
  return id;
}
