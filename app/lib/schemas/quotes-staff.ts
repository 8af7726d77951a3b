import { z } from "~/lib/zod";

// The sales pipeline of a lead (a stored quote). Keys are stored; labels are shown.
export const LEAD_STATUSES = ["new", "contacted", "proposal", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  proposal: "Proposal sent",
  won: "Won",
  lost: "Lost",
};

const leadStatusEnum = z.enum(LEAD_STATUSES, { error: "Choose a status from the list." });

/** The lead page's status form: only the status, never any other field of the lead. */
export const leadStatusSchema = z.object({ status: leadStatusEnum });

/** ?q=&status= of the leads list and its CSV export; anything unreadable means "no filter". */
const leadFilterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: leadStatusEnum.optional().catch(undefined),
});

export type LeadFilter = { q?: string; status?: LeadStatus };

export function leadStatusLabel(status: string): string {
  return (LEAD_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function leadFilterFrom(params: URLSearchParams): LeadFilter {
  const { q, status } = leadFilterSchema.parse({ q: params.get("q") ?? "", status: params.get("status") || undefined });
  return q ? { q, status } : { status };
}

/** The filter as a query string ("" when none), for links to the export and between pages. */
export function leadFilterQuery(filter: LeadFilter): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  const query = params.toString();
  return query ? `?${query}` : "";
}
