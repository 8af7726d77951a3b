import { applicationLink, companyLink, complaintLink, leadLink, openingLink, testimonialLink } from "./links";

// Entities that have a console page of their own; the audit log links to them.
const RECORD_PAGES: Record<string, (id: string) => string> = {
  lead: leadLink,
  quote: leadLink,
  application: applicationLink,
  opening: openingLink,
  testimonial: testimonialLink,
  client: companyLink,
  complaint: (id) => complaintLink("staff", id),
};

/** The console page of an audited record, or null when it has none. */
export function auditRecordPath(entry: { entity: string; entityId: string; detail: Record<string, unknown> }): string | null {
  // A project is shown on its client's page.
  if (entry.entity === "project") {
    const ownerId = entry.detail.ownerId;
    return typeof ownerId === "string" && ownerId ? companyLink(ownerId) : null;
  }
  const page = RECORD_PAGES[entry.entity];
  return page ? page(entry.entityId) : null;
}

/** A short, readable line for an entry's detail: `from: new → to: won`, `fields: title, salary`. */
export function describeAuditDetail(detail: Record<string, unknown>, max = 160): string {
  const text = Object.entries(detail)
    .filter(([key]) => key !== "ownerId")
    .map(
      ([key, value]) =>
        `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join("; ");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
