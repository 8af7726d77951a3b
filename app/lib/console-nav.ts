export const CONSOLE_BASE = "/employee-dashboard";

// The staff console's sections (issue 5), in the order they appear in its navigation.
export const CONSOLE_SECTIONS = [
  { to: CONSOLE_BASE, label: "Overview", end: true },
  { to: `${CONSOLE_BASE}/leads`, label: "Leads" },
  { to: `${CONSOLE_BASE}/applications`, label: "Applications" },
  { to: `${CONSOLE_BASE}/openings`, label: "Openings" },
  { to: `${CONSOLE_BASE}/testimonials`, label: "Testimonials" },
  { to: `${CONSOLE_BASE}/clients`, label: "Clients" },
  { to: `${CONSOLE_BASE}/support`, label: "Support" },
  { to: `${CONSOLE_BASE}/staff`, label: "Staff" },
  { to: `${CONSOLE_BASE}/audit`, label: "Audit log" },
] as const;
