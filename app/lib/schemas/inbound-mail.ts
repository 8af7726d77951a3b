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

// Decision 0101: "Assign by hand" on a held message: to a request by its id, or a new request for a company.
const messageId = z.string({ error: "Unknown message." }).trim().min(1, "Unknown message.").max(64);
export const assignRequestSchema = z.object({
  messageId,
  complaintId: z
    .string({ error: "Enter the request's id." })
    .trim()
    .min(1, "Enter the request's id.")
    .max(64, "That is not a request's id."),
});
export const assignCompanySchema = z.object({
  messageId,
  companyId: z.string({ error: "Choose a company." }).trim().min(1, "Choose a company.").max(64),
});
