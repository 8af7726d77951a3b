import { computeTotals, isCurrency, roundDiv, type Totals } from "./money";

// A proposal's content and its arithmetic, shared by the editor, the client's page, the signed
// document and the deposit invoice. Money follows the invoices' rules (decision 0081): integers in
// the currency's minor unit, each line rounded once, totals recomputed on the server from the lines.

export const PROPOSAL_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_LIMITS = {
  title: 200,
  sections: 30,
  sectionHeading: 200,
  sectionBody: 20_000,
  phases: 50,
  phaseTitle: 200,
  phaseDescription: 2_000,
  items: 100,
  itemDescription: 500,
  terms: 20_000,
  clientName: 200,
} as const;

export interface ProposalSection {
  heading: string;
  /** Markdown, rendered and sanitised on the server like the site's content. */
  body: string;
}

export interface ProposalPhase {
  title: string;
  description: string;
  /** Days after acceptance the milestone is due; null: no date. */
  dueInDays: number | null;
}

export interface ProposalItem {
  /** Stable across versions of one proposal: what the client ticks. */
  id: string;
  description: string;
  quantityMilli: number;
  unitPrice: number;
  taxRateBp: number;
  /** The client may leave it out (ticked or not at first: `included`). */
  optional: boolean;
  included: boolean;
}

export interface ProposalContent {
  title: string;
  currency: string;
  sections: ProposalSection[];
  phases: ProposalPhase[];
  items: ProposalItem[];
  /** Percentage of the accepted total invoiced at acceptance, basis points 0..10000. */
  depositBp: number;
  /** YYYY-MM-DD in the agency's zone: the last day it can be accepted. */
  validUntil: string;
  terms: string;
}

/** Why the content cannot be sent as it is (field, reason), or null. */
export function contentProblem(content: ProposalContent): { field: string; message: string } | null {
  const L = PROPOSAL_LIMITS;
  if (!content.title.trim() || content.title.length > L.title)
    return { field: "title", message: `Give the proposal a title (up to ${L.title} characters).` };
  if (!isCurrency(content.currency)) return { field: "currency", message: "Choose a known currency (ISO 4217)." };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(content.validUntil) || Number.isNaN(Date.parse(`${content.validUntil}T00:00:00Z`)))
    return { field: "validUntil", message: "Give the last day it can be accepted (YYYY-MM-DD)." };
  if (!Number.isInteger(content.depositBp) || content.depositBp < 0 || content.depositBp > 10_000)
    return { field: "depositBp", message: "The deposit is a percentage from 0 to 100." };
  if (content.sections.length > L.sections) return { field: "sections", message: `Up to ${L.sections} sections.` };
  for (const s of content.sections)
    if (s.heading.length > L.sectionHeading || s.body.length > L.sectionBody)
      return {
        field: "sections",
        message: `A section's heading is up to ${L.sectionHeading} characters and its text up to ${L.sectionBody}.`,
      };
  if (content.phases.length > L.phases) return { field: "phases", message: `Up to ${L.phases} phases.` };
  for (const p of content.phases) {
    if (!p.title.trim() || p.title.length > L.phaseTitle)
      return { field: "phases", message: `Every phase needs a title (up to ${L.phaseTitle} characters).` };
    if (p.description.length > L.phaseDescription)
      return { field: "phases", message: `A phase's description is up to ${L.phaseDescription} characters.` };
    if (p.dueInDays !== null && (!Number.isInteger(p.dueInDays) || p.dueInDays < 0 || p.dueInDays > 3650))
      return { field: "phases", message: "A phase is due 0 to 3650 days after acceptance." };
  }
  if (content.items.length === 0) return { field: "items", message: "Add at least one priced item." };
  if (content.items.length > L.items) return { field: "items", message: `Up to ${L.items} items.` };
  const ids = new Set<string>();
  for (const item of content.items) {
    if (!item.id || ids.has(item.id)) return { field: "items", message: "Every item needs its own id." };
    ids.add(item.id);
    if (!item.description.trim() || item.description.length > L.itemDescription)
      return { field: "items", message: `Every item needs a description (up to ${L.itemDescription} characters).` };
    if (!Number.isSafeInteger(item.quantityMilli) || item.quantityMilli <= 0)
      return { field: "items", message: "Quantities are more than zero." };
    if (!Number.isSafeInteger(item.unitPrice) || item.unitPrice < 0) return { field: "items", message: "Prices are zero or more." };
    if (!Number.isInteger(item.taxRateBp) || item.taxRateBp < 0 || item.taxRateBp > 10_000)
      return { field: "items", message: "Tax rates are from 0 to 100 %." };
    if (!item.optional && !item.included) return { field: "items", message: "An item that is not optional is always included." };
  }
  if (content.terms.length > L.terms) return { field: "terms", message: `The terms are up to ${L.terms} characters.` };
  return null;
}

/** The items a choice includes: every required item, and the optional ones chosen (by id). */
export function chosenItems(content: ProposalContent, optionalIds: readonly string[]): ProposalItem[] {
  const chosen = new Set(optionalIds);
  return content.items.filter((item) => !item.optional || chosen.has(item.id));
}

/** The optional ids a choice names that the proposal does not offer (a tampered form). */
export function unknownOptionalIds(content: ProposalContent, optionalIds: readonly string[]): string[] {
  const offered = new Set(content.items.filter((i) => i.optional).map((i) => i.id));
  return optionalIds.filter((id) => !offered.has(id));
}

/** The optional items ticked at first. */
export function defaultOptionalIds(content: ProposalContent): string[] {
  return content.items.filter((i) => i.optional && i.included).map((i) => i.id);
}

/** The totals of a choice, as an invoice of those items would have them (no discount). */
export function proposalTotals(content: ProposalContent, optionalIds: readonly string[]): Totals {
  return computeTotals(chosenItems(content, optionalIds), 0);
}

/**
 * The deposit invoice's lines: for each tax rate of the accepted items, the deposit's share of
 * their net at that rate (rounded half up once per rate), taxed at that rate. The deposit's tax
 * is then the tax of what it pays for, and its total differs from `depositBp` × the total by at
 * most a minor unit per rate.
 */
export function depositLines(
  content: ProposalContent,
  totals: Totals,
): { description: string; quantityMilli: number; unitPrice: number; taxRateBp: number }[] {
  if (content.depositBp === 0) return [];
  const percent = (content.depositBp / 100).toString();
  const several = totals.taxSummary.length > 1;
  return totals.taxSummary
    .map((row) => ({
      description: `Deposit (${percent} %) for ${content.title}${several ? ` — items at ${(row.taxRateBp / 100).toString()} % tax` : ""}`,
      quantityMilli: 1000,
      unitPrice: Number(roundDiv(BigInt(row.net) * BigInt(content.depositBp), 10_000n)),
      taxRateBp: row.taxRateBp,
    }))
    .filter((line) => line.unitPrice > 0);
}

/**
 * The accepted document in one canonical form (keys in a fixed order, no whitespace): what the
 * signature's SHA-256 is taken of, and what the signed PDF shows.
 */
export function canonicalDocument(doc: {
  proposalId: string;
  version: number;
  content: ProposalContent;
  optionalIds: readonly string[];
  total: number;
}): string {
  const c = doc.content;
  return JSON.stringify({
    proposalId: doc.proposalId,
    version: doc.version,
    title: c.title,
    currency: c.currency,
    sections: c.sections.map((s) => ({ heading: s.heading, body: s.body })),
    phases: c.phases.map((p) => ({ title: p.title, description: p.description, dueInDays: p.dueInDays })),
    items: c.items.map((i) => ({
      id: i.id,
      description: i.description,
      quantityMilli: i.quantityMilli,
      unitPrice: i.unitPrice,
      taxRateBp: i.taxRateBp,
      optional: i.optional,
      included: i.included,
    })),
    depositBp: c.depositBp,
    validUntil: c.validUntil,
    terms: c.terms,
    accepted: { optionalIds: [...doc.optionalIds].sort(), total: doc.total },
  });
}
