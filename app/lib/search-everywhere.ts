import { href } from "react-router";
import { mayUse, type ConsoleArea, type StaffRole } from "./staff-roles";

// The console's "search everywhere" (the command palette and its page without JavaScript,
// decision 0078): what it finds, in which order, and where each hit leads. Client-safe.

export const EVERYWHERE_GROUPS = ["leads", "applications", "companies", "people", "projects", "support"] as const;
export type EverywhereGroup = (typeof EVERYWHERE_GROUPS)[number];

export const EVERYWHERE_LABELS: Record<EverywhereGroup, string> = {
  leads: "Leads",
  applications: "Applications",
  companies: "Companies",
  people: "People",
  projects: "Projects",
  support: "Support requests",
};

/** The console section a group's records live in (decision 0031): a role without it never sees the group. */
const GROUP_AREAS: Record<EverywhereGroup, ConsoleArea> = {
  leads: "leads",
  applications: "applications",
  companies: "clients",
  // Client users; staff members join the group only for roles with the Staff page (admin).
  people: "clients",
  projects: "clients",
  support: "support",
};

/** The groups a staff role may search; none without a role. */
export function everywhereGroupsFor(role: StaffRole | null): EverywhereGroup[] {
  return EVERYWHERE_GROUPS.filter((group) => mayUse(role, GROUP_AREAS[group]));
}

/** At most this many hits per group: the palette is for jumping to a record, a list is for browsing. */
export const EVERYWHERE_PER_GROUP = 5;

/** The longest text searched (as the console lists). */
export const EVERYWHERE_MAX_LENGTH = 200;

export interface EverywhereHit {
  id: string;
  /** What the record is called: a name, a title or a subject. */
  label: string;
  /** A second line: an e-mail, the company, a status. */
  detail: string;
  to: string;
}

export interface EverywhereResult {
  group: EverywhereGroup;
  hits: EverywhereHit[];
  /** The group's list filtered by the same text, when it has one ("Show all"). */
  more?: string;
}

/** Where a record of a group opens. `companyId` is a client user's company. */
export function everywhereLink(group: EverywhereGroup, id: string, companyId?: string | null): string {
  switch (group) {
    case "leads":
      return href("/employee-dashboard/leads/:id", { id });
    case "applications":
      return href("/employee-dashboard/applications/:id", { id });
    case "companies":
      return href("/employee-dashboard/clients/:id", { id });
    case "people":
      return companyId ? href("/employee-dashboard/clients/:id", { id: companyId }) : href("/employee-dashboard/staff");
    case "projects":
      return href("/employee-dashboard/projects/:id", { id });
    case "support":
      return href("/employee-dashboard/support/:id", { id });
  }
}

/** A group's own list, searched for `q` (people have none: they are found on their company's page). */
export function everywhereMore(group: EverywhereGroup, q: string): string | undefined {
  const query = `?q=${encodeURIComponent(q)}`;
  switch (group) {
    case "leads":
      return `${href("/employee-dashboard/leads")}${query}`;
    case "applications":
      return `${href("/employee-dashboard/applications")}${query}`;
    case "companies":
      return `${href("/employee-dashboard/clients")}${query}`;
    case "projects":
      return `${href("/employee-dashboard/projects")}${query}`;
    case "support":
      return `${href("/employee-dashboard/support")}${query}`;
    case "people":
      return undefined;
  }
}

/** The palette's and the page's empty state. */
export function noMatchesFor(q: string): string {
  return `No matches for “${q}”.`;
}

export const EVERYWHERE_HINT = "Type a name, an e-mail or a phone number. You see only what your role includes.";
