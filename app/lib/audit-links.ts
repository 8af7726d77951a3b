import { CONSOLE_BASE } from "./console-nav";

// Entities that have a console page of their own (issue 5); the audit log links to them.
const RECORD_PAGES: Record<string, string> = {
  lead: "leads",
  quote: "leads",
  application: "applications",
  opening: "openings",
  testimonial: "testimonials",
  client: "clients",
  complaint: "support",
};

/** The console page of an audited record, or null when it has none. */
export function auditRecordPath(entry: { entity: string; entityId: string; detail: Record<string, unknown> }): string | null {
  // A project is shown on its client's page.
  if (entry.entity === "project") {
    const ownerId = entry.detail.ownerId;
    return typeof ownerId === "string" && ownerId ? `${CONSOLE_BASE}/clients/${encodeURIComponent(ownerId)}` : null;
  }
  const section = RECORD_PAGES[entry.entity];
  return section ? `${CONSOLE_BASE}/${section}/${encodeURIComponent(entry.entityId)}` : null;
}

/** A short, readable line for an entry's detail: `from: new → to: won`, `fields: title, salary`. */
export function describeAuditDetail(detail: Record<string, unknown>, max = 160): string {
  const text = Object.entries(detail)
    .filter(([key]) => key !== "ownerId")
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`)
    .join("; ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
