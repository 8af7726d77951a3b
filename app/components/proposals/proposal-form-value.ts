import { amountInput, formatQuantity, formatRate } from "~/lib/money";
import type { ProposalContent } from "~/lib/proposals";

/** The working copy as text, the way a person types it (lib/money.ts). */
export type ProposalFormValue = {
  version: string;
  clientName: string;
  clientEmail: string;
  countersign: string;
  title: string;
  currency: string;
  validUntil: string;
  deposit: string;
  terms: string;
  sections: { heading: string; body: string }[];
  phases: { title: string; description: string; dueInDays: string }[];
  items: { id: string; description: string; quantity: string; unitPrice: string; taxRate: string; optional: string; included: string }[];
};

export const EMPTY_SECTION = { heading: "", body: "" };
export const EMPTY_PHASE = { title: "", description: "", dueInDays: "" };
export const EMPTY_ITEM = { id: "", description: "", quantity: "1", unitPrice: "", taxRate: "0", optional: "", included: "" };

export function proposalFormValue(p: {
  version: number;
  clientName: string;
  clientEmail: string;
  countersign: boolean;
  draft: ProposalContent;
}): ProposalFormValue {
  const c = p.draft;
  return {
    version: String(p.version),
    clientName: p.clientName,
    clientEmail: p.clientEmail,
    countersign: p.countersign ? "on" : "",
    title: c.title,
    currency: c.currency,
    validUntil: c.validUntil,
    deposit: formatRate(c.depositBp),
    terms: c.terms,
    sections: c.sections.map((s) => ({ heading: s.heading, body: s.body })),
    phases: c.phases.map((ph) => ({
      title: ph.title,
      description: ph.description,
      dueInDays: ph.dueInDays === null ? "" : String(ph.dueInDays),
    })),
    items: c.items.map((i) => ({
      id: i.id,
      description: i.description,
      quantity: formatQuantity(i.quantityMilli),
      unitPrice: amountInput(i.unitPrice, c.currency),
      taxRate: formatRate(i.taxRateBp),
      optional: i.optional ? "on" : "",
      included: i.included ? "on" : "",
    })),
  };
}
