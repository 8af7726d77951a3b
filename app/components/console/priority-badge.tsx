import { Badge, type BadgeTone } from "~/components/badge";
import { isPriority, priorityLabel, type Priority } from "~/lib/support-desk";

// The priority as a word; the colour only repeats it (never colour alone).
const TONES: Record<Priority, BadgeTone> = { low: "grey", normal: "sky", high: "orange", urgent: "red" };

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge tone={TONES[isPriority(priority) ? priority : "normal"]} name="Priority">
      {priorityLabel(priority)}
    </Badge>
  );
}
