import { href } from "react-router";
import { mayUse, type ConsoleArea, type StaffRole } from "./staff-roles";

// The staff console's sections, in the order they appear in its navigation.
export const CONSOLE_SECTIONS = [
  { to: href("/employee-dashboard"), label: "Overview", area: "overview", end: true },
  { to: href("/employee-dashboard/leads"), label: "Leads", area: "leads" },
  { to: href("/employee-dashboard/applications"), label: "Applications", area: "applications" },
  { to: href("/employee-dashboard/openings"), label: "Openings", area: "openings" },
  { to: href("/employee-dashboard/testimonials"), label: "Testimonials", area: "testimonials" },
  { to: href("/employee-dashboard/site"), label: "Site", area: "site" },
  { to: href("/employee-dashboard/clients"), label: "Clients", area: "clients" },
  { to: href("/employee-dashboard/projects"), label: "Projects", area: "clients" },
  { to: href("/employee-dashboard/support"), label: "Support", area: "support" },
  { to: href("/employee-dashboard/staff"), label: "Staff", area: "staff" },
  { to: href("/employee-dashboard/audit"), label: "Audit log", area: "audit" },
  { to: href("/employee-dashboard/settings"), label: "Settings", area: "settings" },
] as const satisfies readonly { to: string; label: string; area: ConsoleArea; end?: boolean }[];

/** The sections a role may open (decision 0031): the navigation shows no others. */
export function sectionsFor(role: StaffRole | null) {
  return CONSOLE_SECTIONS.filter((s) => mayUse(role, s.area));
}
