import { z } from "~/lib/zod";
import { isCurrency, parseAmount, parsePercent, parseQuantity, parseTaxRate, type Parsed } from "~/lib/money";
import { PROPOSAL_LIMITS as L, PROPOSAL_STATUSES, type ProposalContent } from "~/lib/proposals";
import { optionalText, requiredText } from "./fields";

// The console's proposal forms. Amounts are typed as text and parsed digit by digit as the
// invoice editor's are (lib/money.ts, decision 0081); the model checks the content again.

const ID = /^[\w-]{1,64}$/;
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()).default(false);

function take(parsed: Parsed, ctx: z.RefinementCtx, path: (string | number)[]): number {
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: "custom", message: parsed.error, path });
  return 0;
}

const section = z.object({
  heading: optionalText("Heading", L.sectionHeading),
  body: optionalText("Text", L.sectionBody),
});

const phase = z.object({
  title: requiredText("Phase title", L.phaseTitle),
  description: optionalText("Description", L.phaseDescription),
  dueInDays: z.coerce
    .number({ error: "Enter whole days." })
    .int("Enter whole days.")
    .min(0, "Enter 0 to 3650 days.")
    .max(3650, "Enter 0 to 3650 days.")
    .optional(),
});

const item = z.object({
  // Empty for an item added since the last save: the server gives it an id.
  id: z.string().trim().regex(ID, "Unknown item.").optional(),
  description: requiredText("Description", L.itemDescription),
  quantity: z.string({ error: "Enter a quantity." }).trim(),
  unitPrice: z.string({ error: "Enter a unit price." }).trim(),
  taxRate: z.string().trim().default("0"),
  optional: checkbox,
  included: checkbox,
});

/** The editor's whole working copy, saved at once; `version` is what the editor loaded. */
export const proposalDraftSchema = z
  .object({
    version: z.coerce.number({ error: "Reload the proposal." }).int().min(1),
    clientName: requiredText("Client name", L.clientName),
    clientEmail: z.union([z.literal(""), z.email("Enter a valid email address.")]).default(""),
    countersign: checkbox,
    title: requiredText("Title", L.title),
    currency: z
      .string({ error: "Choose a currency." })
      .trim()
      .transform((c) => c.toUpperCase())
      .refine(isCurrency, "Choose a known currency (ISO 4217)."),
    validUntil: z
      .string({ error: "Enter the last day it can be accepted." })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD."),
    deposit: z.string().trim().default("0"),
    sections: z.array(section).max(L.sections, `Up to ${L.sections} sections.`).default([]),
    phases: z.array(phase).max(L.phases, `Up to ${L.phases} phases.`).default([]),
    items: z.array(item).max(L.items, `Up to ${L.items} items.`).default([]),
    terms: optionalText("Terms", L.terms),
  })
  .transform((form, ctx) => {
    const content: ProposalContent = {
      title: form.title,
      currency: form.currency,
      sections: form.sections.map((s) => ({ heading: s.heading ?? "", body: s.body ?? "" })),
      phases: form.phases.map((p) => ({ title: p.title, description: p.description ?? "", dueInDays: p.dueInDays ?? null })),
      items: form.items.map((line, i) => ({
        id: line.id ?? "",
        description: line.description,
        quantityMilli: take(parseQuantity(line.quantity), ctx, ["items", i, "quantity"]),
        unitPrice: take(parseAmount(line.unitPrice, form.currency), ctx, ["items", i, "unitPrice"]),
        taxRateBp: take(parseTaxRate(line.taxRate || "0"), ctx, ["items", i, "taxRate"]),
        optional: line.optional,
        // A required item is always in; "included at first" only means something for optional ones.
        included: !line.optional || line.included,
      })),
      depositBp: take(parsePercent(form.deposit || "0"), ctx, ["deposit"]),
      validUntil: form.validUntil,
      terms: form.terms ?? "",
    };
    return { version: form.version, clientName: form.clientName, clientEmail: form.clientEmail, countersign: form.countersign, content };
  });
export type ProposalDraftForm = z.output<typeof proposalDraftSchema>;

/** Console → Proposals → New: a title, and a template to start from. */
export const newProposalSchema = z.object({
  title: requiredText("Title", L.title),
  templateId: z.string().trim().regex(ID, "Choose a template from the list.").optional(),
});

/** "Save as template": its name. */
export const proposalTemplateSchema = z.object({ name: requiredText("Template name", 200) });

/** Send, or withdraw links: the version the page showed (a stale one is refused). */
export const proposalVersionSchema = z.object({ version: z.coerce.number({ error: "Reload the proposal." }).int().min(1) });

/** The list's status filter; anything else shows every proposal. */
export function proposalStatusFrom(value: string | null) {
  return (PROPOSAL_STATUSES as readonly string[]).includes(value ?? "") ? (value as (typeof PROPOSAL_STATUSES)[number]) : undefined;
}

export const PROPOSAL_STATUS_LABELS: Record<(typeof PROPOSAL_STATUSES)[number], string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
};

// The client's two forms on a proposal (decision 0093). The name and consent messages come from
// the model (ACCEPT_TEXT), which checks them whatever posts; here only the shape is read.

export const DECLINE_REASON_MAX_LENGTH = 2000;

const whole = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message);

/** A signature's fields: the client's acceptance and the agency's countersignature alike. */
const signing = {
  fullName: z.string().max(200, "Your full name must be 200 characters or fewer.").default(""),
  consent: z.literal("on").optional(),
  drawnSignature: z.string().max(100_000).optional(),
};

export const acceptProposalSchema = z.object({
  version: whole("Reload the page: the proposal's version is missing."),
  total: whole("Reload the page: the total is missing."),
  /** The optional items chosen (each a hidden field of the form, kept in step with the ticks). */
  items: z.array(z.string().max(64)).max(100).default([]),
  ...signing,
});

/** The console's countersignature of an accepted proposal. */
export const countersignProposalSchema = z.object(signing);

export const declineProposalSchema = z.object({
  reason: z.string().trim().max(DECLINE_REASON_MAX_LENGTH, `Say why in up to ${DECLINE_REASON_MAX_LENGTH} characters.`).optional(),
});
