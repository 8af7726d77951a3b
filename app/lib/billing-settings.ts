// The agency's billing settings (console → Settings → Billing) and the invoice number
// formats (decision 0082). Client-safe: the settings form checks a format with the same rules.

export interface BillingSettings {
  /** e.g. "INV-{YYYY}-{0001}": tokens {YYYY}, {YY}, {MM} and one counter {0001} (its width pads). */
  invoiceNumberFormat: string;
  creditNoteNumberFormat: string;
  /** Days from issue to due, for new drafts. */
  netDays: number;
  /** The agency's VAT/GST number, printed on every invoice; "" when none. */
  agencyTaxId: string;
  /** Bank details as typed, one line each; "" when none. */
  bankDetails: string;
  /** Years an issued invoice is kept, even when the client's people are erased. */
  retentionYears: number;
  /**
   * When reminders go, in days from the due date, comma-separated: "-3, 0, 7, 14" is three days
   * before, on the day, then a week and two weeks overdue. Empty: no reminders.
   */
  reminderDays: string;
}

export const BILLING_DEFAULTS: BillingSettings = {
  invoiceNumberFormat: "INV-{YYYY}-{0001}",
  creditNoteNumberFormat: "CN-{YYYY}-{0001}",
  netDays: 14,
  agencyTaxId: "",
  bankDetails: "",
  retentionYears: 8,
  reminderDays: "-3, 0, 7, 14",
};

/** app_settings keys. */
export const BILLING_KEYS: Record<keyof BillingSettings, string> = {
  invoiceNumberFormat: "billing.invoiceNumberFormat",
  creditNoteNumberFormat: "billing.creditNoteNumberFormat",
  netDays: "billing.netDays",
  agencyTaxId: "billing.agencyTaxId",
  bankDetails: "billing.bankDetails",
  retentionYears: "billing.retentionYears",
  reminderDays: "billing.reminderDays",
};

export const MAX_NET_DAYS = 365;
export const MIN_RETENTION_YEARS = 1;
export const MAX_RETENTION_YEARS = 30;

const TOKEN = /\{([^}]*)\}/g;
const COUNTER = /^0{0,9}1$/;

/** Why a number format cannot be used, or null when it can. */
export function numberFormatProblem(format: string): string | null {
  if (format.length === 0 || format.length > 40) return "A number format has 1 to 40 characters.";
  if (format.trim() !== format || /[\t\r\n/\\]/.test(format)) return "A number format has no line breaks, tabs or slashes.";
  let counters = 0;
  for (const [, token] of format.matchAll(TOKEN)) {
    if (COUNTER.test(token!)) counters += 1;
    else if (!["YYYY", "YY", "MM"].includes(token!))
      return `Unknown token {${token}}: use {YYYY}, {YY}, {MM} and one counter such as {0001}.`;
  }
  if (counters !== 1) return "A number format has exactly one counter, such as {0001}.";
  return null;
}

/**
 * The series a number belongs to: the format with its date tokens filled and the counter left as
 * "{n}". A new year (with {YYYY}) is a new series, so the counter starts again at 1.
 */
export function numberSeries(kind: "invoice" | "credit-note", format: string, issueDate: string): string {
  return `${kind}:${fillDate(format, issueDate).replace(TOKEN, (whole, token: string) => (COUNTER.test(token) ? "{n}" : whole))}`;
}

/** The number itself: "INV-2026-0042". */
export function formatInvoiceNumber(format: string, issueDate: string, value: number): string {
  return fillDate(format, issueDate).replace(TOKEN, (whole, token: string) =>
    COUNTER.test(token) ? String(value).padStart(token.length, "0") : whole,
  );
}

function fillDate(format: string, issueDate: string): string {
  const [year, month] = issueDate.split("-");
  return format
    .replace(/\{YYYY\}/g, year!)
    .replace(/\{YY\}/g, year!.slice(2))
    .replace(/\{MM\}/g, month!);
}

/** Stored rows over the defaults; a value out of bounds counts as unset. */
export function billingSettingsFromRows(rows: { key: string; value: string }[]): BillingSettings {
  const value = (name: keyof BillingSettings) => rows.find((r) => r.key === BILLING_KEYS[name])?.value;
  const whole = (name: "netDays" | "retentionYears", min: number, max: number) => {
    const text = value(name);
    const n = text !== undefined && /^\d{1,4}$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
    return n >= min && n <= max ? n : BILLING_DEFAULTS[name];
  };
  const format = (name: "invoiceNumberFormat" | "creditNoteNumberFormat") => {
    const text = value(name);
    return text !== undefined && numberFormatProblem(text) === null ? text : BILLING_DEFAULTS[name];
  };
  return {
    invoiceNumberFormat: format("invoiceNumberFormat"),
    creditNoteNumberFormat: format("creditNoteNumberFormat"),
    netDays: whole("netDays", 0, MAX_NET_DAYS),
    agencyTaxId: value("agencyTaxId") ?? "",
    bankDetails: value("bankDetails") ?? "",
    retentionYears: whole("retentionYears", MIN_RETENTION_YEARS, MAX_RETENTION_YEARS),
    reminderDays:
      typeof parseReminderDays(value("reminderDays") ?? "") === "string"
        ? BILLING_DEFAULTS.reminderDays
        : (value("reminderDays") ?? BILLING_DEFAULTS.reminderDays),
  };
}

export const MAX_REMINDERS = 8;

/** The reminder days, sorted and distinct, or the sentence saying what is wrong with the text. */
export function parseReminderDays(text: string): number[] | string {
  const parts = text
    .split(",")
    .map((p) => p.trim().replace("\u2212", "-"))
    .filter(Boolean);
  const days: number[] = [];
  for (const part of parts) {
    if (!/^[-+]?\d{1,3}$/.test(part)) return `"${part}" is not a whole number of days: write them like -3, 0, 7, 14.`;
    const day = Number.parseInt(part, 10);
    if (day < -60 || day > 365) return "Reminders go from 60 days before the due date to 365 days after it.";
    if (!days.includes(day)) days.push(day);
  }
  if (days.length > MAX_REMINDERS) return `At most ${MAX_REMINDERS} reminders.`;
  return days.sort((a, b) => a - b);
}
