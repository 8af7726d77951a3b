import type { SubmissionResult } from "@conform-to/react";

/**
 * What every form action answers: the page's own action without JavaScript, a fetcher,
 * or a clientAction that caught a failed request (form-failure.ts) all fill the same shape.
 */
export interface FormResult<Intent extends string = string> {
  /** Which form of the route posted; a route with one form may leave it out. */
  intent?: Intent;
  /** "ignored": a blank reply nothing was done for; "unchanged": the record already had that value. */
  status: "success" | "invalid" | "error" | "ignored" | "unchanged";
  /** Conform's field errors and values, so a failed form keeps what was typed. */
  result?: SubmissionResult<string[]>;
  /** The form-level message: a SPEC §8 failure text, or a console confirmation. */
  message?: string;
  /** The record a per-row form acted on (a list's status button, a complaint's reply box). */
  targetId?: string;
}
