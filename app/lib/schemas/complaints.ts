import { z } from "~/lib/zod";
import { requiredText } from "./fields";

// SPEC §5: subject and message required. Status is never taken from a client.
export const complaintSchema = z.object({
  subject: requiredText("Subject", 160),
  message: requiredText("Message", 5000),
});

export type ComplaintInput = z.infer<typeof complaintSchema>;

export const REPLY_MAX_LENGTH = 2000;

// SPEC §5: a reply that is blank after trimming is ignored, not refused — check isBlankReply first.
export const replySchema = z.object({
  complaintId: z.string({ error: "Unknown request." }).trim().min(1, "Unknown request.").max(64),
  text: requiredText("Reply", REPLY_MAX_LENGTH, "Reply is empty."),
});

export function isBlankReply(text: FormDataEntryValue | null | undefined): boolean {
  return typeof text !== "string" || text.trim() === "";
}
