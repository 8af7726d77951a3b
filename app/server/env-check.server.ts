import { closest, distance } from "fastest-levenshtein";
import { KNOWN_VARIABLES } from "./env.server";
import { logger } from "./logger.server";

// What the configuration check reports at boot besides invalid values (decision 0063): variables
// set but empty (treated as unset), and names that look meant for this app but are not among its
// variables, with the nearest one (`SMTP_ULR` → SMTP_URL). A mistyped name is otherwise silent:
// the default applies and, for DATABASE_URL, the admin tools would work on another database.

// Prefixes that other software shares with ours (NODE_OPTIONS, GOOGLE_APPLICATION_CREDENTIALS):
// a name there is flagged only when it is within a typo of one of ours.
const SHARED_PREFIXES = new Set(["NODE", "GOOGLE"]);
const VARIABLE_NAME = /^[A-Z][A-Z0-9_]*$/;

function prefixOf(name: string): string | undefined {
  const cut = name.indexOf("_");
  return cut > 0 ? name.slice(0, cut) : undefined;
}

/** The known name a stranger was probably meant to be, or undefined when it is not one of ours. */
export function nearestKnown(name: string, known: readonly string[]): string | undefined {
  if (!VARIABLE_NAME.test(name) || known.includes(name)) return undefined;
  const nearest = closest(name, known as string[]);
  // Short names sit close to everyday ones (HOME is two edits from HOST): one edit only there.
  if (distance(name, nearest) <= (name.length >= 8 ? 2 : 1)) return nearest;
  const prefix = prefixOf(name);
  if (!prefix || SHARED_PREFIXES.has(prefix)) return undefined;
  const family = known.filter((k) => prefixOf(k) === prefix);
  return family.length ? closest(name, family) : undefined;
}

/** The warnings for this environment, one line each. */
export function configurationWarnings(source: Record<string, string | undefined>, known: readonly string[]): string[] {
  const warnings: string[] = [];
  const empty = known.filter((name) => source[name] !== undefined && source[name]!.trim() === "");
  if (empty.length)
    warnings.push(`Empty variables count as unset, so their defaults apply: ${empty.join(", ")}. Give them a value or remove them.`);
  for (const name of Object.keys(source).sort()) {
    const nearest = nearestKnown(name, known);
    if (nearest) warnings.push(`${name} is not a variable of this app and is ignored: did you mean ${nearest}?`);
  }
  const stripeBase = source.STRIPE_API_BASE?.trim();
  if (stripeBase)
    warnings.push(
      `STRIPE_API_BASE is set: card payments go to ${stripeBase}, not to Stripe. It is meant for tests; unset it in production.`,
    );
  return warnings;
}

let reported = false;

/**
 * Reports the warnings once per process, at boot, before the validation, so a misspelt name is
 * named even when the configuration is refused. The server logs them; the admin tools write them
 * to stderr (admin-tool.server.ts), so what they print on stdout stays what scripts read.
 */
export function reportConfiguration(warn: (message: string) => void = (message) => logger.warn(message)): void {
  if (reported) return;
  reported = true;
  for (const warning of configurationWarnings(process.env, KNOWN_VARIABLES)) warn(warning);
}
