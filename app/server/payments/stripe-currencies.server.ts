import { currencyExponent } from "~/lib/money";

// Stripe's minor units against ours (decisions 0084, 0090). Our amounts are integers in the minor
// unit the runtime's Intl knows (`currencyExponent`, CLDR: COP, IDR, HUF, PKR… have 0 there, not
// ISO's 2); Stripe's are its own. Where the two disagree, or Stripe adds a rule of its own, the
// currency is refused for card payment rather than converted: a wrong factor of 100 is the one bug
// an agency never forgives.
//
// Source, checked against Stripe's "Supported currencies" page (docs.stripe.com/currencies,
// sections "Zero-decimal currencies", "Three-decimal currencies" and "Special cases").

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). */
// prettier-ignore
const STRIPE_ZERO_DECIMAL = new Set([
  "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
]);

/** Stripe's three-decimal currencies; the last digit must be 0 (docs.stripe.com/currencies#three-decimal). */
const STRIPE_THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/**
 * Stripe's special cases (docs.stripe.com/currencies#special-cases): ISK is zero-decimal but sent
 * with two decimals that must be 00; HUF and TWD are charged with two decimals but paid out in
 * whole units only; UGX, zero-decimal in the list above, is also sent with two decimals for
 * backwards compatibility. Each is a representation that differs by a factor of 100 somewhere.
 */
const STRIPE_SPECIAL = new Set(["ISK", "HUF", "TWD", "UGX"]);

/** The minor unit our amounts are in: the one the whole app formats and parses with. */
export function ourExponent(currency: string): number {
  return currencyExponent(currency);
}

export function stripeExponent(currency: string): number {
  if (STRIPE_ZERO_DECIMAL.has(currency)) return 0;
  if (STRIPE_THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** Why `amount` (our minor units) of `currency` cannot be sent to Stripe as it is, or undefined. */
export function stripeCurrencyProblem(currency: string, amount: number): string | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return `${currency} is not an ISO 4217 currency code.`;
  let ours: number;
  try {
    ours = ourExponent(currency);
  } catch {
    return `${currency} is not a currency this server knows.`;
  }
  if (STRIPE_SPECIAL.has(currency) || ours !== stripeExponent(currency))
    return `Card payment is not offered in ${currency}: Stripe counts its minor unit differently. Pay by bank transfer.`;
  if (STRIPE_THREE_DECIMAL.has(currency) && amount % 10 !== 0)
    return `Stripe takes ${currency} amounts in steps of 0.010 only; pay this balance by bank transfer.`;
  return undefined;
}
