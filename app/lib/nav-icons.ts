/** The icons the app shell's sidebar can show beside an item (drawn in components/shell/nav-icons.tsx). */
export type NavIconName =
  | "overview"
  | "leads"
  | "proposals"
  | "applications"
  | "openings"
  | "testimonials"
  | "site"
  | "clients"
  | "projects"
  | "support"
  | "billing"
  | "staff"
  | "audit"
  | "settings"
  | "profile"
  | "team"
  | "billing";
