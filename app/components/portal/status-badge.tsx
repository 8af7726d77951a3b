import { Badge } from "~/components/badge";

// SPEC §4: green for Resolved, yellow for Pending, grey for any other; the word is always shown.
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={status === "Resolved" ? "emerald" : status === "Pending" ? "yellow" : "grey"} name="Status">
      {status}
    </Badge>
  );
}
