import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { webhooksLink } from "~/lib/links";
import { chatAlertSchema, redeliverSchema, webhookEndpointSchema } from "~/lib/schemas/webhooks";
import { CHAT_ALERTS } from "~/lib/webhook-events";
import type { SessionUser } from "~/server/auth/actor.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { saveChatAlert } from "~/server/models/webhooks/chat-alerts.server";
import { redeliver, sendTestEvent } from "~/server/models/webhooks/webhook-deliveries.server";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  updateWebhookEndpoint,
} from "~/server/models/webhooks/webhook-endpoints.server";

// The forms of console → Settings → Webhooks and of one endpoint's page (decision 0103).

/** "Add endpoint": on success, to the new endpoint's page, where its secret is shown. */
export async function addEndpoint(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: webhookEndpointSchema });
  if (submission.status !== "success") return formResult({ intent: "add", status: "invalid", result: submission.reply() }, 400);
  try {
    const id = await createWebhookEndpoint(user, submission.value);
    return redirect(`${webhooksLink(id)}?notice=added`);
  } catch (error) {
    return refusalResult(error, { intent: "add", submission });
  }
}

/** One chat alert's URL; empty switches it off. */
export async function saveChatAlertForm(user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: chatAlertSchema });
  const targetId = typeof formData.get("alert") === "string" ? String(formData.get("alert")) : undefined;
  if (submission.status !== "success")
    return formResult({ intent: "chat-alert", status: "invalid", result: submission.reply(), targetId }, 400);
  const { alert, url = "" } = submission.value;
  try {
    const outcome = await saveChatAlert(user, alert, url);
    const label = CHAT_ALERTS[alert].label;
    const message =
      outcome === "removed"
        ? `${label}: alerts switched off.`
        : outcome === "unchanged"
          ? `${label}: nothing changed.`
          : `${label}: alerts go to that channel.`;
    return formResult({ intent: "chat-alert", status: outcome === "unchanged" ? "unchanged" : "success", message, targetId: alert });
  } catch (error) {
    return refusalResult(error, { intent: "chat-alert", submission, targetId: alert });
  }
}

const ENDPOINT_INTENTS = ["save", "enable", "disable", "rotate-secret", "delete", "test", "redeliver"] as const;
export type EndpointIntent = (typeof ENDPOINT_INTENTS)[number];
export { ENDPOINT_INTENTS };

/** The forms of one endpoint's page. */
export async function endpointAction(user: SessionUser, id: string, intent: EndpointIntent, formData: FormData) {
  try {
    switch (intent) {
      case "save": {
        const submission = parseWithZod(formData, { schema: webhookEndpointSchema });
        if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
        try {
          await updateWebhookEndpoint(user, id, submission.value);
        } catch (error) {
          return refusalResult(error, { intent, submission });
        }
        return formResult({ intent, status: "success", message: "Saved.", result: submission.reply() });
      }
      case "enable":
      case "disable": {
        const outcome = await setWebhookEndpointEnabled(user, id, intent === "enable");
        const message =
          intent === "enable"
            ? "Enabled: it gets new events, and deliveries that were waiting are tried again."
            : "Disabled: it gets no new events until it is enabled again.";
        return formResult({ intent, status: outcome === "saved" ? "success" : "unchanged", message });
      }
      case "rotate-secret":
        await rotateWebhookSecret(user, id);
        return formResult({ intent, status: "success", message: "A new secret is in use: give it to the receiver." });
      case "delete":
        await deleteWebhookEndpoint(user, id);
        return redirect(`${webhooksLink()}?notice=deleted`);
      case "test":
        await sendTestEvent(user, id);
        return formResult({ intent, status: "success", message: "Test event queued: it shows in the log below." });
      case "redeliver": {
        const submission = parseWithZod(formData, { schema: redeliverSchema });
        if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
        const deliveryId = submission.value.deliveryId;
        await redeliver(user, id, deliveryId);
        return formResult({ intent, status: "success", message: "Sent again: a new delivery is in the log.", targetId: deliveryId });
      }
    }
  } catch (error) {
    const raw = formData.get("deliveryId");
    return refusalResult(error, { intent, targetId: typeof raw === "string" ? raw : undefined });
  }
}
