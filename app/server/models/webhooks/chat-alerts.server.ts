import { newId } from "~/lib/ids";
import { CHAT_ALERT_KINDS, CHAT_ALERTS, type ChatAlert } from "~/lib/webhook-events";
import type { Actor } from "~/server/auth/actor.server";
import { dbBool } from "~/server/db/boolean.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { newSigningSecret } from "~/server/webhooks/signing.server";
import { recordAudit } from "../shared/audit.server";
import { checkedUrl, deleteEndpointRows, endpointView, type WebhookEndpointView } from "./webhook-endpoints.server";

// Chat alerts (decision 0103): an incoming-webhook URL of Slack, Microsoft Teams or Mattermost per
// alert kind. Each is an endpoint of kind "chat" on the same outbox and worker as webhooks, with
// the alert's one event; the worker sends it `{ "text": … }` instead of the signed JSON.

export type ChatAlertSettings = Record<ChatAlert, WebhookEndpointView | null>;

export async function getChatAlerts(): Promise<ChatAlertSettings> {
  const rows = await db()
    .selectFrom("webhookEndpoints")
    .select([
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
    ])
    .where("kind", "=", "chat")
    .execute();
  const byAlert = new Map(rows.map((r) => [r.chatAlert, endpointView(r)]));
  return Object.fromEntries(CHAT_ALERT_KINDS.map((kind) => [kind, byAlert.get(kind) ?? null])) as ChatAlertSettings;
}

/** Sets an alert's URL (a new URL enables it again), or with an empty one switches it off and forgets its log. */
export async function saveChatAlert(
  actor: Actor,
  alert: ChatAlert,
  rawUrl: string,
  now = Date.now(),
): Promise<"saved" | "removed" | "unchanged"> {
  const url = rawUrl.trim() === "" ? "" : checkedUrl(rawUrl);
  return writeTransaction(async (trx) => {
    const existing = await trx
      .selectFrom("webhookEndpoints")
      .select(["id", "url"])
      .where("kind", "=", "chat")
      .where("chatAlert", "=", alert)
      .executeTakeFirst();
    if (url === "") {
      if (!existing) return "unchanged";
      await deleteEndpointRows(trx, existing.id);
      await recordAudit(trx, actor, { action: "chat-alert.remove", entity: "webhook", entityId: existing.id, detail: { alert } }, now);
      return "removed";
    }
    if (existing?.url === url) return "unchanged";
    const events = JSON.stringify([CHAT_ALERTS[alert].event]);
    const id = existing?.id ?? newId();
    if (existing)
      await trx
        .updateTable("webhookEndpoints")
        .set({ url, events, enabled: dbBool(true), disabledReason: null, failingSince: null, updatedAt: now })
        .where("id", "=", id)
        .execute();
    else
      await trx
        .insertInto("webhookEndpoints")
        .values({
          id,
          kind: "chat",
          chatAlert: alert,
          url,
          description: CHAT_ALERTS[alert].label,
          events,
          secret: newSigningSecret(),
          enabled: dbBool(true),
          disabledReason: null,
          failingSince: null,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    // The URL carries the channel's secret token: the audit names the host only.
    await recordAudit(
      trx,
      actor,
      { action: "chat-alert.save", entity: "webhook", entityId: id, detail: { alert, host: new URL(url).host } },
      now,
    );
    return "saved";
  });
}
