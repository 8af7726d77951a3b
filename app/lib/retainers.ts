// A retainer as the console lists it (Billing → Retainers, a company's page), shared by the
// model that reads it and the components that show it.

export interface RetainerRow {
  id: string;
  companyId: string;
  companyName: string;
  /** The template's first line: what the retainer is for. */
  description: string;
  lines: number;
  /** Minor units, the template's total with tax; null when it is past the largest amount. */
  total: number | null;
  currency: string;
  interval: "monthly" | "quarterly";
  /** YYYY-MM-DD, the agency's day the next invoice is written. */
  nextRunOn: string;
  /** Issued and sent by the run, else left as a draft. */
  autoIssue: boolean;
  active: boolean;
  lastInvoiceId: string | null;
  lastInvoiceNumber: string | null;
}

export const RETAINER_INTERVAL_LABELS: Record<RetainerRow["interval"], string> = { monthly: "Monthly", quarterly: "Quarterly" };

export function retainerModeLabel(autoIssue: boolean): string {
  return autoIssue ? "Issued and sent" : "Draft for review";
}
