// A card dispute's Stripe status as the console says it (decision 0090). Client-safe.

/** Stripe's dispute statuses that end a dispute. */
export const CLOSED_DISPUTE_STATUSES: readonly string[] = ["won", "lost", "warning_closed", "prevented"];

export function disputeLabel(status: string): string {
  if (status === "won") return "won";
  if (status === "lost") return "lost";
  if (status === "warning_closed" || status === "prevented") return "closed";
  if (status === "under_review" || status === "warning_under_review") return "under review";
  return "needs a response";
}
