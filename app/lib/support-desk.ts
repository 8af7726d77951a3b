// The support desk's words and numbers, shared by the console, the portal and the
// server (decision 0044). Client-safe.

export const PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

export function isPriority(value: unknown): value is Priority {
  return typeof value === "string" && (PRIORITIES as readonly string[]).includes(value);
}

/** The label of a stored priority; an unknown value reads as Normal (the column's default). */
export function priorityLabel(value: string): string {
  return isPriority(value) ? PRIORITY_LABELS[value] : PRIORITY_LABELS.normal;
}

/** The inbox's views: every request, the signed-in staff member's, or nobody's yet. */
export const SUPPORT_VIEWS = ["all", "mine", "unassigned"] as const;
export type SupportView = (typeof SUPPORT_VIEWS)[number];
export const SUPPORT_VIEW_LABELS: Record<SupportView, string> = { all: "All", mine: "Mine", unassigned: "Unassigned" };

/** "default": unresolved first, then newest; "priority": most urgent first; "waiting": longest wait first. */
export const SUPPORT_SORTS = ["default", "priority", "waiting"] as const;
export type SupportSort = (typeof SUPPORT_SORTS)[number];
export const SUPPORT_SORT_LABELS: Record<SupportSort, string> = {
  default: "Unresolved first, then newest",
  priority: "Priority, most urgent first",
  waiting: "Waiting longest first",
};

/** A client may reopen a request they closed within this many days of closing it. */
export const REOPEN_WINDOW_DAYS = 30;
export const REOPEN_WINDOW_MS = REOPEN_WINDOW_DAYS * 86_400_000;
export const REOPEN_TOO_LATE = `This request was closed more than ${REOPEN_WINDOW_DAYS} days ago, so it can no longer be reopened. Please raise a new request.`;
export const CLOSED_REPLY_REFUSED = "This request is closed. Reopen it to reply.";

export const INTERNAL_NOTE_LABEL = "Internal note — not visible to the client";

/** The placeholders a saved reply may use, filled from the request it is inserted into. */
export const PLACEHOLDERS = ["{client_name}", "{company}", "{request_subject}"] as const;
export interface PlaceholderValues {
  clientName: string;
  company: string;
  requestSubject: string;
}

/**
 * Fills the placeholders in one pass, so a value that itself reads "{company}" (a client named so)
 * stays as typed instead of being filled again. The result is plain text: HTML mail escapes it
 * (composeMail), React escapes it on the page.
 */
export function fillPlaceholders(body: string, values: PlaceholderValues): string {
  const byName: Record<string, string> = {
    "{client_name}": values.clientName,
    "{company}": values.company,
    "{request_subject}": values.requestSubject,
  };
  return body.replace(/\{client_name\}|\{company\}|\{request_subject\}/g, (match) => byName[match] ?? match);
}

/** "Waiting 3 h" from the client's oldest unanswered message; `now` comes from the loader so server and browser agree. */
export function waitingLabel(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 1) return "Waiting under 1 min";
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Waiting ${hours} h`;
  return `Waiting ${Math.floor(hours / 24)} days`;
}

/**
 * Whose turn it is on a Pending request, from its last public message (decision 0076):
 * "agency-replied" once staff answered last, "awaiting-agency" while the client spoke last or
 * nobody has replied yet.
 * Shown beside the SPEC's status, never instead of it; internal notes never count.
 */
export const SUPPORT_TURNS = ["agency-replied", "awaiting-agency"] as const;
export type SupportTurn = (typeof SUPPORT_TURNS)[number];
export const SUPPORT_TURN_LABELS: Record<SupportTurn, string> = {
  "agency-replied": "Agency replied",
  "awaiting-agency": "Waiting on the agency",
};

/**
 * The replies a request's card on the portal's Support panel shows: its latest ones, with a link to
 * the whole thread. A page of twenty long-running requests carried every reply of each before.
 */
export const THREAD_TAIL = 3;
