import { href } from "react-router";
import type { NavIconName } from "./nav-icons";
import { mayUse, type ConsoleArea, type StaffRole } from "./staff-roles";

// The staff console's sections, in the order they appear in its navigation.
export const CONSOLE_SECTIONS = [
  { to: href("/employee-dashboard"), label: "Overview", icon: "overview", area: "overview", end: true },
  { to: href("/employee-dashboard/leads"), label: "Leads", icon: "leads", area: "leads" },
  { to: href("/employee-dashboard/proposals"), label: "Proposals", icon: "proposals", area: "leads" },
  { to: href("/employee-dashboard/applications"), label: "Applications", icon: "applications", area: "applications" },
  { to: href("/employee-dashboard/openings"), label: "Openings", icon: "openings", area: "openings" },
  { to: href("/employee-dashboard/testimonials"), label: "Testimonials", icon: "testimonials", area: "testimonials" },
  { to: href("/employee-dashboard/site"), label: "Site", icon: "site", area: "site" },
  { to: href("/employee-dashboard/clients"), label: "Clients", icon: "clients", area: "clients" },
  { to: href("/employee-dashboard/projects"), label: "Projects", icon: "projects", area: "clients" },
  { to: href("/employee-dashboard/support"), label: "Support", icon: "support", area: "support" },
  { to: href("/employee-dashboard/billing"), label: "Billing", icon: "billing", area: "billing" },
  { to: href("/employee-dashboard/staff"), label: "Staff", icon: "staff", area: "staff" },
  { to: href("/employee-dashboard/audit"), label: "Audit log", icon: "audit", area: "audit" },
  { to: href("/employee-dashboard/settings"), label: "Settings", icon: "settings", area: "settings" },
] as const satisfies readonly { to: string; label: string; icon: NavIconName; area: ConsoleArea; end?: boolean }[];

/** The sections a role may open (decision 0031): the navigation shows no others. */
export function sectionsFor(role: StaffRole | null) {
  return CONSOLE_SECTIONS.filter((s) => mayUse(role, s.area));
}
