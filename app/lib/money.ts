import { currencyExponent, formatMinorUnits } from "./money-format";
import { isCurrency } from "./place";

// Money as integers in the currency's minor unit, never floats (decision 0081). Text is
// parsed digit by digit, arithmetic runs on BigInt, and formatting hands Intl a decimal string so
// nothing is ever rounded by a binary fraction. Client-safe: forms check with the same rules.

export { isCurrency };

/** Every stored amount, line and total stays within what a JS number holds exactly. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;
const MAX = BigInt(MAX_AMOUNT);

/** Decimal places of the currency's minor unit: JPY 0, EUR 2, BHD 3 (ISO 4217 as the runtime knows it). */
export { currencyExponent };

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

const DECIMAL = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/** "1,234.50" with `places` decimals → 123450; refuses more decimals than `places`. */
function parseScaled(text: string, places: number, what: string, allowNegative: boolean): Parsed {
  const trimmed = text.trim().replace(/\s/g, "");
  const match = DECIMAL.exec(trimmed);
  if (!trimmed || !match || (match[2] === undefined && !match[3]))
    return { ok: false, error: `Enter ${what} as a number, e.g. 12 or 1,234.50.` };
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > places)
    return {
      ok: false,
      error: places === 0 ? `${capital(what)} takes no decimals.` : `${capital(what)} takes at most ${places} decimals.`,
    };
  const digits = whole.replace(/,/g, "") + fraction.padEnd(places, "0");
  let value = BigInt(digits);
  if (sign === "-") value = -value;
  if (value < 0n && !allowNegative) return { ok: false, error: `${capital(what)} cannot be negative.` };
  if (value > MAX || value < -MAX) return { ok: false, error: `${capital(what)} is too large.` };
  return { ok: true, value: Number(value) };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A typed amount in `currency` → minor units ("12.5" EUR → 1250, "1,000" JPY → 1000). */
export function parseAmount(text: string, currency: string, { allowNegative = false } = {}): Parsed {
  if (!isCurrency(currency)) return { ok: false, error: "Choose a known currency." };
  return parseScaled(text, currencyExponent(currency), "the amount", allowNegative);
}

/** A typed quantity → thousandths ("1.5" → 1500). */
export function parseQuantity(text: string, { allowNegative = false } = {}): Parsed {
  return parseScaled(text, 3, "the quantity", allowNegative);
}

/** A typed tax rate in percent → basis points ("20" → 2000, "7.5" → 750), 0 to 100 %. */
export function parseTaxRate(text: string): Parsed {
  const parsed = parseScaled(text.replace(/%$/, ""), 2, "the tax rate", false);
  if (parsed.ok && parsed.value > 10_000) return { ok: false, error: "A tax rate is between 0 and 100 %." };
  return parsed;
}

/** A percentage discount in basis points, 0 to 100 % (the same rules as a tax rate). */
export function parsePercent(text: string): Parsed {
  const parsed = parseTaxRate(text);
  return parsed.ok ? parsed : { ok: false, error: parsed.error.replace("tax rate", "discount") };
}

/** Minor units as a plain decimal string: 123450, 2 → "1234.50"; -5, 2 → "-0.05". */
export function decimalString(minor: number | bigint, places: number): string {
  const value = BigInt(minor);
  const sign = value < 0n ? "-" : "";
  const digits = (value < 0n ? -value : value).toString().padStart(places + 1, "0");
  if (places === 0) return sign + digits;
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** As a person types it back into a form: "1234.50" (no grouping, no symbol). */
export function amountInput(minor: number, currency: string): string {
  return decimalString(minor, currencyExponent(currency));
}

/** "€1,234.50" / "1.234,50 €", as the agency's locale writes it (one cached Intl format per currency and locale). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return formatMinorUnits(minor, currency, locale);
}

/** Thousandths → "1.5", "2", "0.125". */
export function formatQuantity(milli: number): string {
  return decimalString(milli, 3).replace(/\.?0+$/, "");
}

/** Basis points → "20", "7.5" (percent, without the sign). */
export function formatRate(bp: number): string {
  return decimalString(bp, 2).replace(/\.?0+$/, "");
}

/** Divides and rounds half away from zero (half-up for positive amounts), on exact integers. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

export interface LineInput {
  quantityMilli: number;
  /** Minor units per whole unit. */
  unitPrice: number;
  /** Basis points, 0..10000. */
  taxRateBp: number;
}

export interface LineAmounts {
  /** quantity × unit price, rounded once. */
  gross: number;
  /** The line's share of the invoice's percentage discount. */
  discount: number;
  /** gross − discount. */
  net: number;
  /** net × rate, rounded once per line. */
  tax: number;
}

export interface TaxSummaryRow {
  taxRateBp: number;
  net: number;
  tax: number;
}

export interface Totals {
  lines: LineAmounts[];
  /** Σ gross. */
  subtotal: number;
  /** Σ line discounts. */
  discount: number;
  /** One row per rate, by rate ascending: Σ nets and Σ taxes of its lines. */
  taxSummary: TaxSummaryRow[];
  taxTotal: number;
  /** subtotal − discount + taxTotal. */
  total: number;
}

/** A value outside what the invoice can hold: the message names it. */
export class AmountOverflow extends Error {
  constructor(what: string) {
    super(`${what} is too large to be invoiced.`);
    this.name = "AmountOverflow";
  }
}

function safe(value: bigint, what: string): number {
  if (value > MAX || value < -MAX) throw new AmountOverflow(what);
  return Number(value);
}

/** One line's amounts; `discountBp` is the invoice's percentage discount, applied to every line. */
export function lineAmounts(line: LineInput, discountBp: number, position = 1): LineAmounts {
  const what = `Line ${position}`;
  const gross = roundDiv(BigInt(line.quantityMilli) * BigInt(line.unitPrice), 1000n);
  const discount = roundDiv(gross * BigInt(discountBp), 10_000n);
  const net = gross - discount;
  const tax = roundDiv(net * BigInt(line.taxRateBp), 10_000n);
  return { gross: safe(gross, what), discount: safe(discount, what), net: safe(net, what), tax: safe(tax, what) };
}

/** Every line, the summary per rate and the totals; throws AmountOverflow past MAX_AMOUNT. */
export function computeTotals(lines: LineInput[], discountBp: number): Totals {
  const amounts = lines.map((line, i) => lineAmounts(line, discountBp, i + 1));
  let subtotal = 0n;
  let discount = 0n;
  let taxTotal = 0n;
  const byRate = new Map<number, { net: bigint; tax: bigint }>();
  amounts.forEach((a, i) => {
    subtotal += BigInt(a.gross);
    discount += BigInt(a.discount);
    taxTotal += BigInt(a.tax);
    const rate = lines[i]!.taxRateBp;
    const row = byRate.get(rate) ?? { net: 0n, tax: 0n };
    row.net += BigInt(a.net);
    row.tax += BigInt(a.tax);
    byRate.set(rate, row);
  });
  const taxSummary = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([taxRateBp, row]) => ({ taxRateBp, net: safe(row.net, "The net at one rate"), tax: safe(row.tax, "The tax at one rate") }));
  return {
    lines: amounts,
    subtotal: safe(subtotal, "The subtotal"),
    discount: safe(discount, "The discount"),
    taxSummary,
    taxTotal: safe(taxTotal, "The tax"),
    total: safe(subtotal - discount + taxTotal, "The total"),
  };
}
