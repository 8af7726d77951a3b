import { z } from "~/lib/zod";

// Decision 0097: "Try again" on one inbound message of the console's Inbound mail page.
export const inboundRetrySchema = z.object({
  messageId: z.string({ error: "Unknown message." }).trim().min(1, "Unknown message.").max(64),
});

// Decision 0101: what becomes of mail from an address no client has.
export const UNKNOWN_SENDER_CHOICES = { hold: "Hold for review", lead: "Create a lead" } as const;
export const unknownSendersSchema = z.object({
  unknownSenders: z.enum(["hold", "lead"], { error: "Choose what becomes of mail from unknown addresses." }),
});
