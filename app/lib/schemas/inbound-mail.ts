import { z } from "~/lib/zod";

// Decision 0097: "Try again" on one inbound message of the console's Inbound mail page.
export const inboundRetrySchema = z.object({
  messageId: z.string({ error: "Unknown message." }).trim().min(1, "Unknown message.").max(64),
});
