// Amounts as people read them, from integers in the currency's minor unit, with no float on the
// way: the integer becomes a decimal string ("1234.50") digit by digit and Intl formats that string
// (ECMA-402 reads decimal strings exactly). Client-safe: the PDF, the portal view and mails share it.

const exponents = new Map<string, number>();
const formats = new Map<string, Intl.NumberFormat>();

/** Digits after the decimal point in `currency` (ISO 4217 code): 0 for JPY, 2 for EUR, 3 for BHD. */
export function currencyExponent(currency: string): number {
  let digits = exponents.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, digits);
  }
  return digits;
}

/** 123450 with 2 digits → "1234.50"; -5 with 3 → "-0.005". Integers only: nothing is rounded. */
export function decimalString(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const negative = minor < 0;
  const units = (negative ? -BigInt(minor) : BigInt(minor)).toString().padStart(digits + 1, "0");
  const whole = digits === 0 ? units : `${units.slice(0, -digits)}.${units.slice(-digits)}`;
  return negative ? `-${whole}` : whole;
}

function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale}|${key}`;
  let f = formats.get(id);
  if (!f) formats.set(id, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** Intl accepts a decimal string and keeps every digit (Intl.NumberFormat v3, Node 20+). */
function formatDecimal(f: Intl.NumberFormat, decimal: string): string {
  return f.format(decimal as Intl.StringNumericLiteral);
}

export interface MoneyFormatOptions {
  /** "symbol" (default): "€1,234.50"; "code": "EUR 1,234.50", for a renderer whose font lacks the symbol. */
  display?: "symbol" | "code";
}

/** 123450 EUR in en-GB → "€1,234.50"; 5000 JPY → "¥5,000"; 1234 BHD → "BHD 1.234". */
export function formatMinorUnits(minor: number, currency: string, locale: string, options: MoneyFormatOptions = {}): string {
  const digits = currencyExponent(currency);
  const display = options.display ?? "symbol";
  const f = numberFormat(locale, `money|${currency}|${display}`, {
    style: "currency",
    currency,
    currencyDisplay: display,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return formatDecimal(f, decimalString(minor, digits));
}

/** Thousandths of a unit → "1.5", "2", "0.125" in the locale's style. */
export function formatQuantity(quantityMilli: number, locale: string): string {
  const f = numberFormat(locale, "quantity", { maximumFractionDigits: 3 });
  return formatDecimal(f, decimalString(quantityMilli, 3));
}

/** Basis points → "20%", "5.5%", "0%" in the locale's style. */
export function formatTaxRate(basisPoints: number, locale: string): string {
  const f = numberFormat(locale, "rate", { style: "percent", maximumFractionDigits: 2 });
  return formatDecimal(f, decimalString(basisPoints, 4));
}
