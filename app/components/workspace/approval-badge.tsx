import { Badge, type BadgeTone } from "~/components/badge";
import { approvalStatusLabel } from "~/lib/milestones";

// Where a request for approval stands, on both sides (milestones and files alike).
const TONES: Record<string, BadgeTone> = { pending: "violet", approved: "emerald", changes_requested: "red", withdrawn: "slate" };

export function ApprovalBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? "slate"} name="Approval">
      {approvalStatusLabel(status)}
    </Badge>
  );
}
