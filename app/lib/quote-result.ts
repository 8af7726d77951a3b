import type { SubmissionResult } from "@conform-to/react";

/** What the /quote action answers, to the modal (fetcher) and to the no-JS page alike. */
export type QuoteActionData =
  | { status: "success"; result: SubmissionResult<string[]> }
  | { status: "error"; message: string; result?: SubmissionResult<string[]> }
  | { status: "invalid"; result: SubmissionResult<string[]> };
