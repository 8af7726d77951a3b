import { projectFileLink, projectLink } from "./links";
import type { Side } from "./side";

// Where a timeline entry or a "Waiting on you" item takes each side. Client-safe: both
// the portal's and the console's pages build their links from the same description.

/** What an entry is about, once the server has checked it still exists. */
export type ActivityThing =
  | { type: "milestone"; id: string }
  | { type: "file"; id: string }
  | { type: "approval"; id: string; on: "milestone" | "file"; onId: string }
  | { type: "progress" }
  | { type: "project" };

export function projectPath(audience: Side, projectId: string): string {
  return projectLink(audience, projectId);
}

/**
 * The page (and the item on it) where the thing is shown: milestones and approvals on the portal's
 * Overview and the console's Milestones tab, files on each side's Files tab, progress and the
 * project itself on the Overview (portal) or Details (console).
 */
export function thingHref(audience: Side, projectId: string, thing: ActivityThing): string {
  const base = projectPath(audience, projectId);
  const milestones = audience === "client" ? base : `${base}/milestones`;
  switch (thing.type) {
    case "milestone":
      return `${milestones}#milestone-${thing.id}`;
    case "file":
      return projectFileLink(audience, projectId, thing.id);
    case "approval":
      if (thing.on === "file") return projectFileLink(audience, projectId, thing.onId);
      // The console shows a request on its milestone's row; the portal lists requests by themselves.
      return audience === "client" ? `${base}#approval-${thing.id}` : `${milestones}#milestone-${thing.onId}`;
    case "progress":
    case "project":
      return base;
  }
}

/** The link's words, after the entry's own sentence. */
export function thingLabel(audience: Side, thing: ActivityThing): string {
  switch (thing.type) {
    case "milestone":
      return "Open the milestone";
    case "file":
      return "Open in Files";
    case "approval":
      return thing.on === "file" ? "Open in Files" : "Open the approval";
    case "progress":
    case "project":
      return audience === "client" ? "Open the overview" : "Open the details";
  }
}

/** Who did it, as each side names the other. */
export function sideLabel(audience: Side, side: string): string {
  if (side === "system") return "Automatic";
  if (side === "staff") return audience === "client" ? "Our team" : "Staff";
  return audience === "client" ? "Your team" : "Client";
}
