import { z } from "~/lib/zod";
import { requiredText } from "./fields";
import { REPLY_MAX_LENGTH } from "./complaints";

/** SPEC §4: the statuses staff can set; "reopen" sets Pending again. */
export const COMPLAINT_STATUSES = ["Pending", "Resolved"] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

// SPEC §5: a blank reply is ignored, not refused — check isBlankReply first.
export const staffReplySchema = z.object({
  text: requiredText("Reply", REPLY_MAX_LENGTH, "Reply is empty."),
});

export const complaintStatusSchema = z.object({
  status: z.enum(COMPLAINT_STATUSES, { error: "Choose Pending or Resolved." }),
});

export function isComplaintStatus(value: unknown): value is ComplaintStatus {
  return COMPLAINT_STATUSES.some((s) => s === value);
}
