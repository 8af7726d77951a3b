import { href } from "react-router";

// The staff console's sections (issue 5), in the order they appear in its navigation.
export const CONSOLE_SECTIONS = [
  { to: href("/employee-dashboard"), label: "Overview", end: true },
  { to: href("/employee-dashboard/leads"), label: "Leads" },
  { to: href("/employee-dashboard/applications"), label: "Applications" },
  { to: href("/employee-dashboard/openings"), label: "Openings" },
  { to: href("/employee-dashboard/testimonials"), label: "Testimonials" },
  { to: href("/employee-dashboard/clients"), label: "Clients" },
  { to: href("/employee-dashboard/support"), label: "Support" },
  { to: href("/employee-dashboard/staff"), label: "Staff" },
  { to: href("/employee-dashboard/audit"), label: "Audit log" },
] as const;
