import type { SubmissionResult } from "@conform-to/react";

/** What the clients and support console actions answer; `targetId` tells which form it belongs to. */
export interface StaffFormResult {
  intent: "set-progress" | "reply" | "set-status";
  status: "success" | "invalid" | "error" | "ignored" | "unchanged";
  result?: SubmissionResult<string[]>;
  message?: string;
  targetId?: string;
}
