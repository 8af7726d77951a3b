import type { SubmissionResult } from "@conform-to/react";

// A lead's or an application's page posts one of two forms: its pipeline value, or a note.
export const NOTE_INTENT = "note";

export interface ReviewFormResult {
  /** "status" (lead), "stage" (application) or "note". */
  intent: string;
  status: "success" | "invalid" | "error";
  result?: SubmissionResult<string[]>;
  message?: string;
}

export const REVIEW_SAVE_FAILURE = "The change could not be saved. Please try again.";
