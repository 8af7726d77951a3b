import { z } from "~/lib/zod";
import { APPROVAL_SUBJECT_TYPES, MILESTONE_STATUSES, PROGRESS_MODES } from "~/lib/milestones";
import { optionalText, requiredText } from "./fields";

// The console's milestone forms and the portal's decision form. One schema per
// form, used by the browser for instant feedback and by the action for the real check.

const ID = /^[\w-]{1,64}$/;
const id = (message: string) => z.string({ error: message }).trim().regex(ID, message);

function isRealDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_DESCRIPTION_MAX = 2000;
export const APPROVAL_NOTE_MAX = 500;
export const APPROVAL_COMMENT_MAX = 2000;

/** Add and edit alike; `milestoneId` is present when editing. */
export const milestoneSchema = z.object({
  milestoneId: id("Unknown milestone.").optional(),
  title: requiredText("Title", MILESTONE_TITLE_MAX),
  description: optionalText("Description", MILESTONE_DESCRIPTION_MAX),
  dueDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD.", abort: true })
    .refine(isRealDate, { error: "Enter a real date." })
    .optional(),
  status: z.enum(MILESTONE_STATUSES, { error: "Choose a status from the list." }),
});
export type MilestoneInput = z.infer<typeof milestoneSchema>;

/** A milestone dragged, or moved with its handle's arrow keys, to a place in the list (1 = first). */
export const milestoneMoveSchema = z.object({
  position: z.coerce.number({ error: "Choose a place in the list." }).int().min(1).max(10_000),
});

/** "Progress follows milestones" or "Set by hand". */
export const progressModeSchema = z.object({
  mode: z.enum(PROGRESS_MODES, { error: "Choose how progress is set." }),
});

/** Staff ask the client to approve a milestone or a file (the Files tab posts the same fields). */
export const requestApprovalSchema = z.object({
  subjectType: z.enum(APPROVAL_SUBJECT_TYPES, { error: "Unknown kind of approval." }),
  subjectId: id("Unknown milestone or file."),
  note: optionalText("Note", APPROVAL_NOTE_MAX),
});

export const APPROVAL_DECISIONS = ["approve", "changes"] as const;
export const COMMENT_REQUIRED = "Say what should change: a comment is required to request changes.";

/** A company member's decision on one approval; a comment is required to request changes. */
export const approvalDecisionSchema = z
  .object({
    approvalId: id("Unknown approval."),
    decision: z.enum(APPROVAL_DECISIONS, { error: "Choose Approve or Request changes." }),
    comment: optionalText("Comment", APPROVAL_COMMENT_MAX),
  })
  .refine((v) => v.decision !== "changes" || Boolean(v.comment), { error: COMMENT_REQUIRED, path: ["comment"] });
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;
