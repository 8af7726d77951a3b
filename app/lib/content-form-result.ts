import type { SubmissionResult } from "@conform-to/react";

export type ContentIntent = "save" | "close" | "reopen" | "hide" | "show" | "add-staff";

/** What the openings, testimonials and staff console actions answer (issue 5). */
export interface ContentFormResult {
  intent: ContentIntent;
  status: "success" | "invalid" | "error" | "unchanged";
  result?: SubmissionResult<string[]>;
  message?: string;
  /** The record a list's status button acted on. */
  targetId?: string;
}
