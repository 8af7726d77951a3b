import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  computeTotals,
  currencyExponent,
  decimalString,
  formatMoney,
  lineAmounts,
  MAX_AMOUNT,
  parseAmount,
  parseQuantity,
  parseTaxRate,
  roundDiv,
  type LineInput,
} from "~/lib/money";

const CURRENCIES = [
  ["JPY", 0],
  ["EUR", 2],
  ["BHD", 3],
] as const;

const line = (maxPrice: number) =>
  fc.record({
    quantityMilli: fc.integer({ min: 1, max: 10_000_000 }),
    unitPrice: fc.integer({ min: 0, max: maxPrice }),
    taxRateBp: fc.constantFrom(0, 500, 750, 1000, 1900, 2000, 2500, 10_000),
  });

describe("Money is integers in the currency's minor unit", () => {
  test("The exponent comes from Intl: JPY has none, EUR two, BHD three", () => {
    expect(CURRENCIES.map(([c]) => currencyExponent(c))).toEqual([0, 2, 3]);
  });

  test.each(CURRENCIES)("Totals equal the sum of the lines, and each rate's summary the sum of its lines, in %s", (currency, exponent) => {
    const maxPrice = 10 ** (exponent + 6);
    fc.assert(
      fc.property(fc.array(line(maxPrice), { minLength: 1, maxLength: 30 }), fc.integer({ min: 0, max: 10_000 }), (lines, discountBp) => {
        const t = computeTotals(lines, discountBp);
        const sum = (f: (i: number) => number) => t.lines.reduce((s, _, i) => s + BigInt(f(i)), 0n);
        expect(BigInt(t.subtotal)).toBe(sum((i) => t.lines[i]!.gross));
        expect(BigInt(t.discount)).toBe(sum((i) => t.lines[i]!.discount));
        expect(BigInt(t.taxTotal)).toBe(sum((i) => t.lines[i]!.tax));
        expect(BigInt(t.total)).toBe(sum((i) => t.lines[i]!.net) + sum((i) => t.lines[i]!.tax));
        expect(t.total).toBe(t.subtotal - t.discount + t.taxTotal);
        for (const row of t.taxSummary) {
          const at = lines.map((l, i) => [l, t.lines[i]!] as const).filter(([l]) => l.taxRateBp === row.taxRateBp);
          expect(row.net).toBe(at.reduce((s, [, a]) => s + a.net, 0));
          expect(row.tax).toBe(at.reduce((s, [, a]) => s + a.tax, 0));
        }
        expect(t.taxSummary.reduce((s, r) => s + r.tax, 0)).toBe(t.taxTotal);
        expect(new Set(t.taxSummary.map((r) => r.taxRateBp)).size).toBe(new Set(lines.map((l) => l.taxRateBp)).size);
      }),
    );
  });

  test("A credit note's negated lines give exactly the negated amounts (rounding is symmetric)", () => {
    fc.assert(
      fc.property(line(10 ** 8), fc.integer({ min: 0, max: 10_000 }), (l, discountBp) => {
        const plus = lineAmounts(l, discountBp);
        const minus = lineAmounts({ ...l, quantityMilli: -l.quantityMilli }, discountBp);
        expect([minus.gross, minus.discount, minus.net, minus.tax]).toEqual(
          [-plus.gross, -plus.discount, -plus.net, -plus.tax].map((v) => v + 0),
        );
      }),
    );
  });

  test("Rounding is half away from zero, once per line: 1.5 units of 0.01 make 0.02, tax of 0.05 at 10 % is 0.01", () => {
    expect(roundDiv(15n, 10n)).toBe(2n);
    expect(roundDiv(-15n, 10n)).toBe(-2n);
    expect(roundDiv(14n, 10n)).toBe(1n);
    expect(lineAmounts({ quantityMilli: 1500, unitPrice: 1, taxRateBp: 0 }, 0).gross).toBe(2);
    expect(lineAmounts({ quantityMilli: 1000, unitPrice: 5, taxRateBp: 1000 }, 0).tax).toBe(1);
    // Three lines of 0.05 at 10 %: tax per line rounds each to 0.01, so the total tax is 0.03, not 0.02.
    const three: LineInput[] = Array.from({ length: 3 }, () => ({ quantityMilli: 1000, unitPrice: 5, taxRateBp: 1000 }));
    expect(computeTotals(three, 0).taxTotal).toBe(3);
  });

  test("A line or total past the largest safe integer is refused", () => {
    expect(() => computeTotals([{ quantityMilli: 2000, unitPrice: MAX_AMOUNT, taxRateBp: 0 }], 0)).toThrow(/Line 1 is too large/);
    expect(() =>
      computeTotals(
        [
          { quantityMilli: 1000, unitPrice: MAX_AMOUNT - 10, taxRateBp: 0 },
          { quantityMilli: 1000, unitPrice: 100, taxRateBp: 0 },
        ],
        0,
      ),
    ).toThrow(/(net at one rate|subtotal) is too large to be invoiced/);
    expect(() => computeTotals([{ quantityMilli: 1000, unitPrice: MAX_AMOUNT, taxRateBp: 2000 }], 0)).toThrow(/The total is too large/);
  });
});

describe("Typed amounts are parsed digit by digit and formatted without floats", () => {
  test.each(CURRENCIES)("Parsing a formatted %s amount gives back the minor units", (currency, exponent) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT }), (minor) => {
        const typed = decimalString(minor, exponent);
        expect(parseAmount(typed, currency)).toEqual({ ok: true, value: minor });
        const shown = formatMoney(minor, currency, "en-US").replace(/[^\d.,]/g, "");
        expect(parseAmount(shown, currency)).toEqual({ ok: true, value: minor });
      }),
    );
  });

  test("Amounts: grouping is allowed, too many decimals, negatives and overflow are refused", () => {
    expect(parseAmount("1,234.50", "EUR")).toEqual({ ok: true, value: 123450 });
    expect(parseAmount("12", "EUR")).toEqual({ ok: true, value: 1200 });
    expect(parseAmount("0.1", "BHD")).toEqual({ ok: true, value: 100 });
    expect(parseAmount("1000", "JPY")).toEqual({ ok: true, value: 1000 });
    expect(parseAmount("1.5", "JPY")).toMatchObject({ ok: false, error: "The amount takes no decimals." });
    expect(parseAmount("1.505", "EUR")).toMatchObject({ ok: false, error: "The amount takes at most 2 decimals." });
    expect(parseAmount("-5", "EUR")).toMatchObject({ ok: false, error: "The amount cannot be negative." });
    expect(parseAmount("-5", "EUR", { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(parseAmount("90071992547409.92", "EUR")).toMatchObject({ ok: false, error: "The amount is too large." });
    expect(parseAmount("90071992547409.91", "EUR")).toEqual({ ok: true, value: MAX_AMOUNT });
    for (const bad of ["", "abc", "1,23", "1.2.3", "1e5", "0x10", "12,34.5"]) expect(parseAmount(bad, "EUR").ok).toBe(false);
    expect(parseAmount("5", "XYZ")).toMatchObject({ ok: false, error: "Choose a known currency." });
  });

  test("Quantities are thousandths, tax rates basis points from 0 to 100 %", () => {
    expect(parseQuantity("1.5")).toEqual({ ok: true, value: 1500 });
    expect(parseQuantity("0.125")).toEqual({ ok: true, value: 125 });
    expect(parseQuantity("0.1255").ok).toBe(false);
    expect(parseQuantity("-1").ok).toBe(false);
    expect(parseTaxRate("20")).toEqual({ ok: true, value: 2000 });
    expect(parseTaxRate("7.5")).toEqual({ ok: true, value: 750 });
    expect(parseTaxRate("100")).toEqual({ ok: true, value: 10_000 });
    expect(parseTaxRate("100.01")).toMatchObject({ ok: false });
    expect(parseTaxRate("-1")).toMatchObject({ ok: false });
  });

  test("Formatting passes Intl an exact decimal: the largest amount keeps its last cent", () => {
    expect(formatMoney(MAX_AMOUNT, "EUR", "en-US")).toBe("€90,071,992,547,409.91");
    expect(formatMoney(123456, "BHD", "en-US")).toBe("BHD\u00a0123.456");
    expect(formatMoney(1000, "JPY", "en-US")).toBe("¥1,000");
    expect(formatMoney(-5, "EUR", "en-US")).toBe("-€0.05");
  });
});

describe("The billing forms parse typed text into minor units", () => {
  test("A draft's lines come out as thousandths, minor units of its currency and basis points; bad text is refused beside its field", async () => {
    const { invoiceDraftSchema, paymentSchema } = await import("~/lib/schemas/invoices");
    const form = {
      currency: "bhd",
      netDays: "30",
      discount: "2.5",
      billingName: "Kestrel",
      lines: [{ description: "Design", quantity: "1.5", unitPrice: "1,000.125", taxRate: "7.5" }],
    };
    expect(invoiceDraftSchema.parse(form)).toMatchObject({
      currency: "BHD",
      discountBp: 250,
      taxNote: null,
      lines: [{ quantityMilli: 1500, unitPrice: 1_000_125, taxRateBp: 750, projectId: null }],
    });
    const bad = invoiceDraftSchema.safeParse({ ...form, currency: "JPY" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["lines.0.unitPrice", "The amount takes no decimals."]]);
    expect(paymentSchema.parse({ amount: "12.50", currency: "EUR", method: "cash", paidOn: "2026-11-20" })).toMatchObject({ amount: 1250 });
    expect(paymentSchema.safeParse({ amount: "-1", currency: "EUR", method: "cash", paidOn: "2026-11-20" }).success).toBe(false);
  });
});
