import { z } from "~/lib/zod";
import { CHAT_ALERT_KINDS, WEBHOOK_EVENT_TYPES } from "~/lib/webhook-events";
import { optionalText, requiredText } from "./fields";

// Console → Settings → Webhooks (decision 0103): an endpoint's form, and one chat alert's URL.
// Whether the URL's host may be reached is the server's to say (WEBHOOK_ALLOWED_HOSTS).

const url = requiredText("URL", 2048).refine(
  (value) => /^https?:\/\/[^\s]+$/i.test(value),
  "Enter a full URL such as https://hooks.example.com/agency.",
);

export const webhookEndpointSchema = z.object({
  url,
  description: optionalText("Description", 200),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Choose from the listed events." }), { error: "Choose at least one event." })
    .min(1, "Choose at least one event."),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

/** An empty URL switches the alert off. */
export const chatAlertSchema = z.object({
  alert: z.enum(CHAT_ALERT_KINDS, { error: "Unknown alert." }),
  url: z
    .string()
    .trim()
    .max(2048, "URL must be 2048 characters or fewer.")
    .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "Enter the incoming webhook's full URL (https://…).")
    .optional(),
});
export type ChatAlertInput = z.infer<typeof chatAlertSchema>;

/** A delivery of the endpoint's log to send again. */
export const redeliverSchema = z.object({
  deliveryId: z.string({ error: "Unknown delivery." }).trim().min(1, "Unknown delivery.").max(64),
});
