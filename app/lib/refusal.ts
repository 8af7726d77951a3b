/**
 * The one way a model says no. Models take parsed input and either return data or throw a
 * `Refusal`; a route turns it into its form result or status with `refusalResult` /
 * `refusalStatus` (app/server/http/refusal.server.ts), so no route branches on a model's own class.
 * It lives in lib because the kinds and their meaning are shared with the pages that show them.
 */
export type RefusalKind =
  /** The record does not exist, or belongs to someone else (the two answer alike). */
  | "not-found"
  /** The record exists but its state forbids the change (closed, already converted, duplicate name). */
  | "conflict"
  /** The person may not do this (an unverified inviter, the last admin). */
  | "refused"
  /** A one-time thing that was used, revoked or has expired (an invitation link). */
  | "gone"
  /** The input breaks a rule the schema alone cannot check (a due date before the start). */
  | "invalid"
  /**
   * A well-formed choice of a real record that cannot take the part asked of it (an assignee who is
   * not active support staff). Kept apart from "invalid" because its published status is 422.
   */
  | "unprocessable";

export interface RefusalOptions {
  /** The form field the message belongs beside; without one it is the form's message. */
  field?: string;
  /** The record the refusal points at (the company a lead was already converted to). */
  recordId?: string;
}

export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly field?: string;
  readonly recordId?: string;

  constructor(kind: RefusalKind, message: string, options: RefusalOptions = {}) {
    super(message);
    this.name = "Refusal";
    this.kind = kind;
    this.field = options.field;
    this.recordId = options.recordId;
  }
}

/** Whether `error` is a refusal, optionally of one of `kinds`. */
export function isRefusal(error: unknown, ...kinds: RefusalKind[]): error is Refusal {
  return error instanceof Refusal && (kinds.length === 0 || kinds.includes(error.kind));
}
