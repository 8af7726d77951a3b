import { Badge, type BadgeTone } from "~/components/badge";

// A lead's status or an application's stage; anything between the first and the last step is amber.
const TONES: Record<string, BadgeTone> = { new: "sky", won: "emerald", hired: "emerald", lost: "slate", rejected: "slate" };

export function PipelineBadge({ value, label }: { value: string; label: string }) {
  return <Badge tone={TONES[value] ?? "amber"}>{label}</Badge>;
}
