import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { WebhookEndpointInput } from "~/lib/schemas/webhooks";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "~/lib/webhook-events";
import type { Actor } from "~/server/auth/actor.server";
import { dbBool } from "~/server/db/boolean.server";
import { db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { getEnv } from "~/server/env.server";
import { endpointUrlProblem, parseAllowedHosts } from "~/server/webhooks/addresses.server";
import { newSigningSecret } from "~/server/webhooks/signing.server";
import { recordAudit } from "../shared/audit.server";

// Webhook endpoints (decision 0103), admin only: where events go, which events, the signing
// secret shown to the admin and rotatable, switched off and on. Every change is audited.

export interface WebhookEndpointView {
  id: string;
  kind: "webhook" | "chat";
  chatAlert: string | null;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
}

type EndpointRow = {
  id: string;
  kind: string;
  chatAlert: string | null;
  url: string;
  description: string;
  events: string;
  enabled: boolean | number;
  disabledReason: string | null;
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
};

const COLUMNS = [
  "id",
  "kind",
  "chatAlert",
  "url",
  "description",
  "events",
  "enabled",
  "disabledReason",
  "failingSince",
  "createdAt",
  "updatedAt",
] as const;

function eventsOf(json: string): WebhookEventType[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t)) : [];
  } catch {
    return [];
  }
}

export function endpointView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    kind: row.kind === "chat" ? "chat" : "webhook",
    chatAlert: row.chatAlert,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: row.enabled === true || row.enabled === 1,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince === null ? null : Number(row.failingSince),
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
  };
}

/** The URL as an endpoint may have it, or a refusal beside the URL field. */
export function checkedUrl(url: string): string {
  const problem = endpointUrlProblem(url.trim(), parseAllowedHosts(getEnv().WEBHOOK_ALLOWED_HOSTS));
  if (problem) throw new Refusal("invalid", problem, { field: "url" });
  return url.trim();
}

export async function listWebhookEndpoints(): Promise<WebhookEndpointView[]> {
  const rows = await db().selectFrom("webhookEndpoints").select(COLUMNS).where("kind", "=", "webhook").orderBy("createdAt").execute();
  return rows.map(endpointView);
}

/** One endpoint (a webhook or a chat alert's) with its secret, or undefined. */
export async function getWebhookEndpoint(id: string): Promise<(WebhookEndpointView & { secret: string }) | undefined> {
  const row = await db()
    .selectFrom("webhookEndpoints")
    .select([...COLUMNS, "secret"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { ...endpointView(row), secret: row.secret };
}

async function endpointForChange(trx: Trx, id: string) {
  const row = await trx
    .selectFrom("webhookEndpoints")
    .select([...COLUMNS, "secret"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new Refusal("not-found", "That endpoint is not there any more.");
  return row;
}

export async function createWebhookEndpoint(actor: Actor, input: WebhookEndpointInput, now = Date.now()): Promise<string> {
  const url = checkedUrl(input.url);
  const id = newId();
  await writeTransaction(async (trx) => {
    await trx
      .insertInto("webhookEndpoints")
      .values({
        id,
        kind: "webhook",
        chatAlert: null,
        url,
        description: input.description ?? "",
        events: JSON.stringify(input.events),
        secret: newSigningSecret(),
        enabled: dbBool(true),
        disabledReason: null,
        failingSince: null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "webhook.create", entity: "webhook", entityId: id, detail: { host: new URL(url).host, events: input.events } },
      now,
    );
  });
  return id;
}

export async function updateWebhookEndpoint(actor: Actor, id: string, input: WebhookEndpointInput, now = Date.now()): Promise<void> {
  const url = checkedUrl(input.url);
  await writeTransaction(async (trx) => {
    const row = await endpointForChange(trx, id);
    if (row.kind !== "webhook") throw new Refusal("not-found", "That endpoint is not there any more.");
    await trx
      .updateTable("webhookEndpoints")
      .set({ url, description: input.description ?? "", events: JSON.stringify(input.events), updatedAt: now })
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "webhook.update",
        entity: "webhook",
        entityId: id,
        detail: { host: { from: new URL(row.url).host, to: new URL(url).host }, events: input.events },
      },
      now,
    );
  });
}

/**
 * Enables or disables an endpoint. A disabled one is left out of new events and its pending
 * deliveries wait; enabling forgets its failures and tries those again (within their day).
 */
export async function setWebhookEndpointEnabled(
  actor: Actor,
  id: string,
  enabled: boolean,
  now = Date.now(),
): Promise<"saved" | "unchanged"> {
  return writeTransaction(async (trx) => {
    const row = await endpointForChange(trx, id);
    if ((row.enabled === true || row.enabled === 1) === enabled) return "unchanged";
    await trx
      .updateTable("webhookEndpoints")
      .set({ enabled: dbBool(enabled), disabledReason: enabled ? null : "Disabled by an admin.", failingSince: null, updatedAt: now })
      .where("id", "=", id)
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: enabled ? "webhook.enable" : "webhook.disable", entity: "webhook", entityId: id, detail: { host: new URL(row.url).host } },
      now,
    );
    return "saved";
  });
}

/** A new signing secret: the old one stops at once (the receiver must take the new one). */
export async function rotateWebhookSecret(actor: Actor, id: string, now = Date.now()): Promise<void> {
  await writeTransaction(async (trx) => {
    const row = await endpointForChange(trx, id);
    await trx.updateTable("webhookEndpoints").set({ secret: newSigningSecret(), updatedAt: now }).where("id", "=", id).execute();
    await recordAudit(
      trx,
      actor,
      { action: "webhook.rotate-secret", entity: "webhook", entityId: id, detail: { host: new URL(row.url).host } },
      now,
    );
  });
}

/** Deletes an endpoint with its deliveries, and the events nobody else was sent. */
export async function deleteWebhookEndpoint(actor: Actor, id: string, now = Date.now()): Promise<void> {
  await writeTransaction(async (trx) => {
    const row = await endpointForChange(trx, id);
    await deleteEndpointRows(trx, id);
    await recordAudit(
      trx,
      actor,
      { action: "webhook.delete", entity: "webhook", entityId: id, detail: { host: new URL(row.url).host, kind: row.kind } },
      now,
    );
  });
}

export async function deleteEndpointRows(trx: Trx, id: string): Promise<void> {
  const events = await trx.selectFrom("webhookDeliveries").select("eventId").distinct().where("endpointId", "=", id).execute();
  await trx.deleteFrom("webhookDeliveries").where("endpointId", "=", id).execute();
  await trx.deleteFrom("webhookEndpoints").where("id", "=", id).execute();
  const ids = events.map((e) => e.eventId);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await trx
      .deleteFrom("webhookEvents")
      .where("id", "in", chunk)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("webhookDeliveries").select("id").whereRef("webhookDeliveries.eventId", "=", "webhookEvents.id"))),
      )
      .execute();
  }
}
