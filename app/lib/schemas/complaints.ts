import { z } from "~/lib/zod";

// SPEC §5: subject and message required. Status is never taken from a client.
export const complaintSchema = z.object({
  subject: z
    .string({ error: "Subject is required." })
    .trim()
    .min(1, "Subject is required.")
    .max(160, "Subject must be 160 characters or fewer."),
  message: z
    .string({ error: "Message is required." })
    .trim()
    .min(1, "Message is required.")
    .max(5000, "Message must be 5000 characters or fewer."),
});

export type ComplaintInput = z.infer<typeof complaintSchema>;

export const REPLY_MAX_LENGTH = 2000;

// SPEC §5: a reply that is blank after trimming is ignored, not refused — check isBlankReply first.
export const replySchema = z.object({
  complaintId: z.string({ error: "Unknown request." }).trim().min(1, "Unknown request.").max(64),
  text: z
    .string({ error: "Reply is empty." })
    .trim()
    .min(1, "Reply is empty.")
    .max(REPLY_MAX_LENGTH, `Reply must be ${REPLY_MAX_LENGTH} characters or fewer.`),
});

export function isBlankReply(text: FormDataEntryValue | null | undefined): boolean {
  return typeof text !== "string" || text.trim() === "";
}
