import { Badge, type BadgeTone } from "~/components/badge";
import { milestoneStatusLabel } from "~/lib/milestones";

// A milestone's status on both sides.
const TONES: Record<string, BadgeTone> = { planned: "sky", in_progress: "amber", waiting: "violet", done: "emerald" };

export function MilestoneStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? "sky"} name="Status">
      {milestoneStatusLabel(status)}
    </Badge>
  );
}
