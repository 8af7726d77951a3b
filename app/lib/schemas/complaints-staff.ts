import { z } from "~/lib/zod";
import { requiredText } from "./fields";
import { REPLY_MAX_LENGTH } from "./complaints";

/**
 * Every status a request can be in. SPEC §4: Pending and Resolved; the desk adds Closed, which only
 * its client sets (and shows grey, as SPEC §4 says of any other status).
 */
export const COMPLAINT_STATUSES = ["Pending", "Resolved", "Closed"] as const;
/** The statuses staff can set; "reopen" sets Pending again. */
export const STAFF_STATUSES = ["Pending", "Resolved"] as const;
export type ComplaintStatus = (typeof STAFF_STATUSES)[number];

// SPEC §5: a blank reply is ignored, not refused — check isBlankReply first.
export const staffReplySchema = z.object({
  text: requiredText("Reply", REPLY_MAX_LENGTH, "Reply is empty."),
});

export const complaintStatusSchema = z.object({
  status: z.enum(STAFF_STATUSES, { error: "Choose Pending or Resolved." }),
});

export function isComplaintStatus(value: unknown): value is (typeof COMPLAINT_STATUSES)[number] {
  return COMPLAINT_STATUSES.some((s) => s === value);
}
