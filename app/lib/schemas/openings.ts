import { z } from "~/lib/zod";
import { calendarDateIn, endOfDayIn } from "~/lib/zoned-time";
import { optionalText, requiredText } from "./fields";

const OPENING_LIMITS = { title: 120, location: 120, type: 40, description: 5000, salary: 80, requirement: 300, requirements: 30 };

/** Suggestions for the type field; SPEC §3 keeps it free text. */
export const OPENING_TYPES = ["Full-time", "Part-time", "Contract", "Internship", "Temporary"] as const;

function isRealDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

const validThroughField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD.", abort: true })
  .refine(isRealDate, { error: "Enter a real date.", abort: true });

// SPEC §3 fields. Requirements are a list of strings: one row per requirement. The form's
// constraints for the browser (required, lengths) come from these; the day check is openingSchema's.
export const openingFields = z.object({
  title: requiredText("Title", OPENING_LIMITS.title),
  location: requiredText("Location", OPENING_LIMITS.location),
  type: requiredText("Type", OPENING_LIMITS.type),
  description: requiredText("Description", OPENING_LIMITS.description),
  salary: optionalText("Salary", OPENING_LIMITS.salary),
  requirements: z
    .array(requiredText("A requirement", OPENING_LIMITS.requirement, "Fill in this requirement or remove the row."), {
      error: "Add at least one requirement.",
    })
    .min(1, "Add at least one requirement.")
    .max(OPENING_LIMITS.requirements, `List at most ${OPENING_LIMITS.requirements} requirements.`)
    .refine((list) => new Set(list).size === list.length, "Each requirement must be listed once."),
  validThrough: validThroughField.optional(),
});

export type OpeningFormValue = z.infer<typeof openingFields>;

/** The agency's zone and its date today (agencyDay on the server; the loader passes it to the form). */
export interface OpeningDay {
  timeZone: string;
  today: string;
}

/** The opening form's schema on the agency's day: a valid-through day before its today is refused. */
export function openingSchema({ today, timeZone }: OpeningDay) {
  return openingFields.extend({
    validThrough: validThroughField
      .refine((value) => value >= today, `The valid-through date cannot be in the past (dates are ${timeZone}).`)
      .optional(),
  });
}

/** The stored value: the end of the chosen day in the agency's zone, so the opening is valid through all of it. */
function validThroughFromDate(date: string | undefined, timeZone: string): number | null {
  return date ? endOfDayIn(date, timeZone) : null;
}

/** The day a stored valid-through instant falls on in the agency's zone, for the form. */
export function dateFromValidThrough(validThrough: number | null, timeZone: string): string | undefined {
  return validThrough === null ? undefined : calendarDateIn(validThrough, timeZone);
}

/** The stored fields from a valid form: nothing but these reaches the database. */
export function openingFieldsFrom(value: OpeningFormValue, timeZone: string) {
  return {
    title: value.title,
    location: value.location,
    type: value.type,
    description: value.description,
    salary: value.salary ?? "",
    requirements: value.requirements,
    validThrough: validThroughFromDate(value.validThrough, timeZone),
  };
}
