import { Badge } from "~/components/badge";
import { SUPPORT_TURN_LABELS, type SupportTurn } from "~/lib/support-desk";

/**
 * Whose turn it is, beside the SPEC's status badge (which stays as it is): the server works it out
 * from the public replies (decision 0076). Nothing for a request that has no turn (not Pending).
 */
export function TurnBadge({ turn }: { turn: SupportTurn | null }) {
  if (turn === null) return null;
  return <Badge tone={turn === "agency-replied" ? "sky" : "slate"}>{SUPPORT_TURN_LABELS[turn]}</Badge>;
}
