import { z } from "~/lib/zod";
import { isCurrency, parseAmount, parsePercent, parseQuantity, parseTaxRate, type Parsed } from "~/lib/money";
import { optionalText, requiredText } from "./fields";

// The console's billing forms. Amounts, quantities and rates are typed as text and
// parsed digit by digit (lib/money.ts, decision 0081); the output is what the billing models take:
// minor units, thousandths and basis points. The models check again and compute every total.

const ID = /^[\w-]{1,64}$/;
const optionalId = z
  .string()
  .trim()
  .regex(ID, "Unknown project or milestone.")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Adds the parser's sentence as an issue on `path`; returns the value, or 0 when refused. */
function take(parsed: Parsed, ctx: z.RefinementCtx, path: (string | number)[]): number {
  if (parsed.ok) return parsed.value;
  ctx.addIssue({ code: "custom", message: parsed.error, path });
  return 0;
}

const lineFields = z.object({
  description: requiredText("Description", 1000),
  quantity: z.string({ error: "Enter a quantity." }).trim(),
  unitPrice: z.string({ error: "Enter a unit price." }).trim(),
  taxRate: z.string().trim().default("0"),
  projectId: optionalId,
  milestoneId: optionalId,
  // The editor's picker (lib/invoice-links.ts); when sent, it wins over projectId / milestoneId.
  link: z
    .string()
    .trim()
    .regex(/^(project|milestone):[\w-]{1,64}$/, "Choose a project or milestone from the list.")
    .optional()
    .or(z.literal("").transform(() => "")),
});

/** A line's project and milestone: from the picker's one value when the form sent it. */
function lineLink(line: z.output<typeof lineFields>): { projectId: string | null; milestoneId: string | null } {
  if (line.link === undefined) return { projectId: line.projectId ?? null, milestoneId: line.milestoneId ?? null };
  if (line.link === "") return { projectId: null, milestoneId: null };
  const [kind, id] = line.link.split(":") as [string, string];
  return kind === "milestone" ? { projectId: null, milestoneId: id } : { projectId: id, milestoneId: null };
}

/** Create and edit a draft alike (the whole draft is saved each time); `version` on edit. */
export const invoiceDraftSchema = z
  .object({
    version: z.coerce.number().int().min(1).optional(),
    currency: z
      .string({ error: "Choose a currency." })
      .trim()
      .transform((c) => c.toUpperCase())
      .refine(isCurrency, "Choose a known currency (ISO 4217)."),
    netDays: z.coerce
      .number({ error: "Enter the days to pay." })
      .int("Enter whole days.")
      .min(0, "Enter 0 to 365 days.")
      .max(365, "Enter 0 to 365 days."),
    discount: z.string().trim().default("0"),
    notes: optionalText("Notes", 4000),
    terms: optionalText("Terms", 1000),
    taxNote: z.enum(["", "reverse-charge", "zero-rated"], { error: "Choose a tax note from the list." }).default(""),
    clientTaxId: optionalText("Client tax ID", 64),
    billingName: requiredText("Billed to", 200),
    billingAddress: optionalText("Address", 1000),
    billingEmail: z.union([z.literal(""), z.email("Enter a valid email address.")]).default(""),
    lines: z.array(lineFields).max(200, "An invoice has at most 200 lines.").default([]),
  })
  .transform((form, ctx) => ({
    version: form.version,
    currency: form.currency,
    netDays: form.netDays,
    discountBp: take(parsePercent(form.discount || "0"), ctx, ["discount"]),
    notes: form.notes ?? "",
    terms: form.terms ?? "",
    taxNote: form.taxNote === "" ? null : form.taxNote,
    clientTaxId: form.clientTaxId ?? "",
    billingName: form.billingName,
    billingAddress: form.billingAddress ?? "",
    billingEmail: form.billingEmail,
    lines: form.lines.map((line, i) => ({
      description: line.description,
      quantityMilli: take(parseQuantity(line.quantity), ctx, ["lines", i, "quantity"]),
      unitPrice: take(parseAmount(line.unitPrice, form.currency), ctx, ["lines", i, "unitPrice"]),
      taxRateBp: take(parseTaxRate(line.taxRate || "0"), ctx, ["lines", i, "taxRate"]),
      ...lineLink(line),
    })),
  }));
export type InvoiceDraftForm = z.output<typeof invoiceDraftSchema>;

function isRealDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** Staff record a payment; `currency` is the invoice's, sent back by the form. */
export const paymentSchema = z
  .object({
    amount: z.string({ error: "Enter the amount." }).trim(),
    currency: z.string().trim().refine(isCurrency, "Choose a known currency (ISO 4217)."),
    method: z.enum(["bank-transfer", "cash", "other"], { error: "Choose bank transfer, cash or other." }),
    paidOn: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD.")
      .refine(isRealDate, "Enter a real date."),
    reference: optionalText("Reference", 200),
  })
  .transform((form, ctx) => ({
    amount: take(parseAmount(form.amount, form.currency), ctx, ["amount"]),
    currency: form.currency,
    method: form.method,
    paidOn: form.paidOn,
    reference: form.reference ?? "",
  }));

export const voidInvoiceSchema = z.object({ reason: requiredText("Reason", 500, "Say why the invoice is void.") });

/** A credit note: "all" of what is left, or a quantity per line (`lines[i].lineId` / `.quantity`). */
export const creditNoteSchema = z
  .object({
    scope: z.enum(["all", "lines"], { error: "Choose what to credit." }),
    notes: optionalText("Reason", 2000),
    // An empty quantity (Conform sends it as undefined) credits nothing on that line.
    lines: z.array(z.object({ lineId: z.string().trim().regex(ID, "Unknown line."), quantity: z.string().trim().default("") })).default([]),
  })
  .transform((form, ctx) => ({
    notes: form.notes ?? "",
    lines:
      form.scope === "all"
        ? ("all" as const)
        : form.lines
            .filter((l) => l.quantity !== "" && l.quantity !== "0")
            .map((l, i) => ({ lineId: l.lineId, quantityMilli: take(parseQuantity(l.quantity), ctx, ["lines", i, "quantity"]) })),
  }));

/** Console → Billing → New invoice: the client it is for. */
export const newInvoiceSchema = z.object({
  companyId: z.string({ error: "Choose a client." }).trim().regex(ID, "Choose a client from the list."),
});

/** Issue or delete a draft: the version the page showed (a stale one is refused). */
export const invoiceVersionSchema = z.object({ version: z.coerce.number({ error: "Reload the invoice." }).int().min(1) });

/** Repeat a saved draft as a retainer: how often, from which day, and whether it goes out by itself. */
export const retainerSchema = z.object({
  interval: z.enum(["monthly", "quarterly"], { error: "Choose monthly or quarterly." }),
  startOn: z
    .string({ error: "Enter the first invoice's day." })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD.")
    .refine(isRealDate, "Enter a real date."),
  autoIssue: z.preprocess((v) => v === "on" || v === "true", z.boolean()).default(false),
});

/** Billing settings (console → Billing → Settings): the models check formats and days again. */
export const billingSettingsSchema = z.object({
  invoiceNumberFormat: requiredText("Invoice numbers", 40),
  creditNoteNumberFormat: requiredText("Credit note numbers", 40),
  netDays: z.coerce
    .number({ error: "Enter the days to pay." })
    .int("Enter whole days.")
    .min(0, "Enter 0 to 365 days.")
    .max(365, "Enter 0 to 365 days."),
  agencyTaxId: optionalText("Your tax ID", 64),
  bankDetails: optionalText("Bank details", 1000),
  retentionYears: z.coerce
    .number({ error: "Enter the years invoices are kept." })
    .int("Enter whole years.")
    .min(1, "Keep invoices 1 to 30 years.")
    .max(30, "Keep invoices 1 to 30 years."),
  reminderDays: optionalText("Reminders", 100),
});

/** Console → Billing → Retainers: the retainer to stop. */
export const stopRetainerSchema = z.object({
  id: z.string({ error: "Choose a retainer." }).trim().regex(ID, "Choose a retainer from the list."),
});

/** A member's "receives invoices" switch: the value it turns to, so a double submit sets it twice. */
export const receivesInvoicesSchema = z.object({
  id: z.string({ error: "Choose a member." }).trim().regex(ID, "Choose a member from the list."),
  receivesInvoices: z.enum(["on", "off"], { error: "Choose on or off." }),
});
