// The names of a milestone's statuses and an approval's states, shared by the
// console, the portal, the models and the tests. One label per value.

export const MILESTONE_STATUSES = ["planned", "in_progress", "waiting", "done"] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  planned: "Planned",
  in_progress: "In progress",
  waiting: "Waiting for client",
  done: "Done",
};

export function milestoneStatusLabel(status: string): string {
  return MILESTONE_STATUS_LABELS[status as MilestoneStatus] ?? status;
}

export const APPROVAL_SUBJECT_TYPES = ["milestone", "file"] as const;
export type ApprovalSubjectType = (typeof APPROVAL_SUBJECT_TYPES)[number];

export const APPROVAL_STATUSES = ["pending", "approved", "changes_requested", "withdrawn"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending: "Waiting for approval",
  approved: "Approved",
  changes_requested: "Changes requested",
  withdrawn: "Withdrawn",
};

export function approvalStatusLabel(status: string): string {
  return APPROVAL_STATUS_LABELS[status as ApprovalStatus] ?? status;
}

/** How a project's progress is set: by staff ("manual") or as the share of Done milestones. */
export const PROGRESS_MODES = ["manual", "milestones"] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

/** The share of Done milestones, rounded to a whole percent; 0 when there are none. */
export function progressFromMilestones(statuses: readonly string[]): number {
  if (statuses.length === 0) return 0;
  const done = statuses.filter((s) => s === "done").length;
  return Math.round((done / statuses.length) * 100);
}
/** A milestone, file or approval request that is not (or no longer) in the project. */
export const NO_LONGER_THERE = "This milestone, file or request no longer exists. The page shows the current list.";

export const DECISION_FAILURE = "Your decision could not be sent. Please try again.";

/** The console Overview tab's progress form while progress follows the milestones. */
export const PROGRESS_FOLLOWS_MILESTONES =
  'Progress follows this project\'s milestones. To set it by hand, choose "Set by hand" on the Milestones tab.';

/** Where a request for approval stands: who asked, who decided, when, and the comment. */
export interface ApprovalView {
  /** pending | approved | changes_requested | withdrawn */
  status: string;
  requestedAt: number;
  requestedByName: string;
  decidedAt: number | null;
  decidedByName: string | null;
  comment: string;
  note: string;
}
