// Decision 0031: what each staff role may use in the console. Client-safe (the
// console navigation reads it); the server checks the same map in requireStaff on every request.

export const STAFF_ROLES = ["admin", "sales", "recruiter", "delivery", "finance"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The console's sections, as the guard names them. "account" is every staff member's own page. */
export const CONSOLE_AREAS = [
  "overview",
  "leads",
  "applications",
  "openings",
  "testimonials",
  "site",
  "clients",
  "support",
  "billing",
  "staff",
  "audit",
  "settings",
  "account",
] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/** The one map section → roles (decision 0031). Admin has everything; the rest as the issue lists. */
export const AREA_ROLES: Record<ConsoleArea, readonly StaffRole[]> = {
  // Everyone lands here; the overview shows only the numbers of the role's own sections.
  overview: STAFF_ROLES,
  leads: ["admin", "sales"],
  // Applications include their resumes and the CSV export.
  applications: ["admin", "recruiter"],
  openings: ["admin", "recruiter"],
  // Public quotes from clients: the people who look after clients' relationships.
  testimonials: ["admin", "sales"],
  // The public site's content (decision "site editors are sales"): the people who already keep
  // the testimonials and speak for the agency to clients; "Start from an empty site" is admin only.
  site: ["admin", "sales"],
  // Clients include their projects.
  clients: ["admin", "sales", "delivery"],
  support: ["admin", "sales", "delivery"],
  // Invoices, credit notes and payments: money is kept apart from selling and delivery.
  billing: ["admin", "finance"],
  staff: ["admin"],
  // The log records every section's changes (and staff changes): admin only.
  audit: ["admin"],
  // The operator's switches (self-registration, client projects).
  settings: ["admin"],
  account: STAFF_ROLES,
};

export const AREA_LABELS: Record<ConsoleArea, string> = {
  overview: "the Overview",
  leads: "Leads",
  applications: "Applications",
  openings: "Openings",
  testimonials: "Testimonials",
  site: "the Site's content",
  clients: "Clients and their projects",
  support: "Support",
  billing: "Billing",
  staff: "Staff",
  audit: "the Audit log",
  settings: "Settings",
  account: "My account",
};

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  sales: "Sales",
  recruiter: "Recruiter",
  delivery: "Delivery",
  finance: "Finance",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a staff member of `role` may use `area`; no role (null) only has their own account. */
export function mayUse(role: StaffRole | null, area: ConsoleArea): boolean {
  if (role === null) return area === "account";
  return AREA_ROLES[area].includes(role);
}
