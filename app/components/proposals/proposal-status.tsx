import { Badge, type BadgeTone } from "~/components/badge";
import type { ProposalStatus } from "~/lib/proposals";
import { PROPOSAL_STATUS_LABELS } from "~/lib/schemas/proposals";

const TONES: Record<ProposalStatus, BadgeTone> = {
  draft: "slate",
  sent: "sky",
  viewed: "violet",
  accepted: "emerald",
  declined: "red",
  expired: "amber",
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge tone={TONES[status]}>{PROPOSAL_STATUS_LABELS[status]}</Badge>;
}
