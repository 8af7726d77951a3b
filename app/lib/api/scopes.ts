// What an API token may do: read or write per area, and resume bytes apart (decision 0104).
// Client-safe: the console's token form lists them, the API checks them on every call.

export const API_AREAS = ["leads", "applications", "companies", "projects", "support"] as const;
export type ApiArea = (typeof API_AREAS)[number];

export const API_AREA_LABELS: Record<ApiArea, string> = {
  leads: "Leads",
  applications: "Applications",
  companies: "Companies and their members",
  projects: "Projects and their milestones",
  support: "Support requests",
};

export const API_SCOPES = [...API_AREAS.flatMap((area) => [`${area}:read`, `${area}:write`] as const), "applications:resume"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: unknown): value is ApiScope {
  return API_SCOPES.some((scope) => scope === value);
}

/** What each scope opens, in words (the console's token list and the API reference). */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "leads:read": "Read leads",
  "leads:write": "Create leads and change their status",
  "applications:read": "Read applications (without resumes)",
  "applications:write": "Change an application's stage",
  "applications:resume": "Download resumes",
  "companies:read": "Read companies and their members",
  "companies:write": "Create and edit companies",
  "projects:read": "Read projects and milestones",
  "projects:write": "Change projects, add and edit milestones",
  "support:read": "Read support requests and their replies",
  "support:write": "Reply to support requests and set their status",
};

/** A token's lifetime is always bounded: one of these, in days. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 180, 365] as const;
export type ApiTokenLifetime = (typeof API_TOKEN_LIFETIMES)[number];

/** The recognisable start of every token, so secret scanners and people can tell one apart. */
export const API_TOKEN_PREFIX = "ak_";
