import fc from "fast-check";
import { expect, test } from "vitest";
import { currencyExponent, decimalString, formatMinorUnits, formatQuantity, formatTaxRate } from "~/lib/money-format";

test("Each currency's exponent is the one Intl knows: none for yen, two for euros, three for dinars", () => {
  expect(currencyExponent("JPY")).toBe(0);
  expect(currencyExponent("EUR")).toBe(2);
  expect(currencyExponent("BHD")).toBe(3);
});

test("Minor units become a decimal string that reads back as the same integer, for every exponent", () => {
  fc.assert(
    fc.property(
      fc.maxSafeInteger().chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: 4 }))),
      ([minor, digits]) => {
        const text = decimalString(minor, digits);
        expect(text).toMatch(digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${digits}}$`));
        expect(BigInt(text.replace(".", ""))).toBe(BigInt(minor));
      },
    ),
  );
});

test("Amounts are written in the locale's style with every digit kept, even past a float's precision", () => {
  expect(formatMinorUnits(123_450, "EUR", "en-GB")).toBe("€1,234.50");
  expect(formatMinorUnits(123_450, "EUR", "de-DE")).toBe("1.234,50\u00a0€");
  expect(formatMinorUnits(500_000, "JPY", "en-US")).toBe("¥500,000");
  expect(formatMinorUnits(1_234, "BHD", "en-GB")).toBe("BHD\u00a01.234");
  expect(formatMinorUnits(-5, "BHD", "en-GB")).toBe("-BHD\u00a00.005");
  expect(formatMinorUnits(10_000_000, "INR", "en-IN")).toBe("₹1,00,000.00");
  expect(formatMinorUnits(9_007_199_254_740_991, "EUR", "en-GB")).toBe("€90,071,992,547,409.91");
  expect(formatMinorUnits(123_450, "EUR", "en-GB", { display: "code" })).toBe("EUR\u00a01,234.50");
  expect(() => formatMinorUnits(1.5, "EUR", "en-GB")).toThrow(RangeError);
});

test("Quantities in thousandths and tax rates in basis points read as people write them", () => {
  expect(formatQuantity(1_500, "en-GB")).toBe("1.5");
  expect(formatQuantity(2_000, "de-DE")).toBe("2");
  expect(formatQuantity(125, "en-GB")).toBe("0.125");
  expect(formatTaxRate(2_000, "en-GB")).toBe("20%");
  expect(formatTaxRate(550, "de-DE")).toBe("5,5\u00a0%");
  expect(formatTaxRate(0, "en-GB")).toBe("0%");
});
