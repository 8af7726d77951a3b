import type { Side } from "./side";
// What a project's timeline records. One name per kind, shared by the writers
// (models), the timeline pages and tests.
export const ACTIVITY_KINDS = [
  "milestone.added",
  "milestone.updated",
  "milestone.status",
  "milestone.removed",
  "milestones.reordered",
  "approval.requested",
  "approval.approved",
  "approval.changes_requested",
  "approval.withdrawn",
  "file.uploaded",
  "file.deleted",
  "progress.changed",
  "progress.mode",
  // Decision 0101: a member's e-mail reply to a project or approval mail.
  "comment.email",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Who did it: a staff member, a member of the client's company, or the app itself. */
/** The schedule's own entries (a milestone falling due) are "system". */
export type ActivitySide = Side | "system";
