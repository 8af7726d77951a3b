// Stripe's minor units against ISO 4217's (decision 0084). Our amounts are integers in the ISO
// minor unit; Stripe's are in its own, which agree for most currencies. Where the two disagree, or
// Stripe adds a rule of its own, the currency is refused for card payment rather than converted:
// a wrong factor of 100 is the one bug an agency never forgives.

/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). */
// prettier-ignore
const STRIPE_ZERO_DECIMAL = new Set([
  "BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
]);

/** Stripe's three-decimal currencies; their amounts must end in 0. */
const STRIPE_THREE_DECIMAL = new Set(["BHD", "JOD", "KWD", "OMR", "TND"]);

/**
 * Stripe's documented special cases, where its unit or its steps differ from ISO's: ISK is
 * zero-decimal in ISO but two-decimal at Stripe; HUF and TWD are paid out as zero-decimal (amounts
 * in whole units only); UGX has a rule of its own too.
 */
const STRIPE_SPECIAL = new Set(["ISK", "HUF", "TWD", "UGX"]);

/** ISO 4217 minor units other than 2 (funds and metals, which have none, are not currencies here). */
// prettier-ignore
const ISO_EXPONENT: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

export function isoExponent(currency: string): number {
  return ISO_EXPONENT[currency] ?? 2;
}

export function stripeExponent(currency: string): number {
  if (STRIPE_ZERO_DECIMAL.has(currency)) return 0;
  if (STRIPE_THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** Why `amount` (ISO minor units) of `currency` cannot be sent to Stripe as it is, or undefined. */
export function stripeCurrencyProblem(currency: string, amount: number): string | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return `${currency} is not an ISO 4217 currency code.`;
  if (STRIPE_SPECIAL.has(currency) || isoExponent(currency) !== stripeExponent(currency))
    return `Card payment is not offered in ${currency}: Stripe counts its minor unit differently. Pay by bank transfer.`;
  if (STRIPE_THREE_DECIMAL.has(currency) && amount % 10 !== 0)
    return `Stripe takes ${currency} amounts in steps of 0.010 only; pay this balance by bank transfer.`;
  return undefined;
}
