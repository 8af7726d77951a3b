import { canonicalLocale, isCurrency, isLocale, isTimeZone } from "~/lib/place";
import { z } from "~/lib/zod";
import { PLACE_TEXT } from "~/lib/place-text";

// The agency's time zone, locale and currency (console → Settings → Time and place), and a
// person's own zone (account pages). Checked against what this runtime's Intl knows.

const timeZone = z
  .string({ error: PLACE_TEXT.errors.timeZone })
  .trim()
  .refine((value) => isTimeZone(value), PLACE_TEXT.errors.timeZone);

export const placeSchema = z.object({
  intent: z.literal("save-place"),
  /** The `version` the form was loaded with: a save over someone else's newer one is refused. */
  version: z.coerce.number().int().min(0),
  timeZone,
  locale: z
    .string({ error: PLACE_TEXT.errors.locale })
    .trim()
    .refine((value) => isLocale(value), PLACE_TEXT.errors.locale)
    .transform(canonicalLocale),
  currency: z
    .string({ error: PLACE_TEXT.errors.currency })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => isCurrency(value), PLACE_TEXT.errors.currency),
});

export type PlaceInput = z.infer<typeof placeSchema>;

export const ownTimeZoneSchema = z.object({
  intent: z.literal("save-time-zone"),
  timeZone,
});
