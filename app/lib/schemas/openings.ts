import { z } from "~/lib/zod";
import { optionalText, requiredText } from "./fields";

const OPENING_LIMITS = { title: 120, location: 120, type: 40, description: 5000, salary: 80, requirement: 300, requirements: 30 };

/** Suggestions for the type field; SPEC §3 keeps it free text. */
export const OPENING_TYPES = ["Full-time", "Part-time", "Contract", "Internship", "Temporary"] as const;

/** Today's date (YYYY-MM-DD, UTC): the earliest valid-through date. */
export function todayIso(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

// SPEC §3 fields. Requirements are a list of strings: one row per requirement.
export const openingSchema = z.object({
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
  validThrough: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD.", abort: true })
    .refine(isRealDate, { error: "Enter a real date.", abort: true })
    .refine((value) => value >= todayIso(), "The valid-through date cannot be in the past (dates are UTC).")
    .optional(),
});

export type OpeningFormValue = z.infer<typeof openingSchema>;

/** The stored value: the end of the chosen day, UTC, so the opening is valid through all of it. */
function validThroughFromDate(date: string | undefined): number | null {
  return date ? Date.parse(`${date}T23:59:59.999Z`) : null;
}

export function dateFromValidThrough(validThrough: number | null): string | undefined {
  return validThrough === null ? undefined : new Date(validThrough).toISOString().slice(0, 10);
}

/** The stored fields from a valid form: nothing but these reaches the database. */
export function openingFieldsFrom(value: OpeningFormValue) {
  return {
    title: value.title,
    location: value.location,
    type: value.type,
    description: value.description,
    salary: value.salary ?? "",
    requirements: value.requirements,
    validThrough: validThroughFromDate(value.validThrough),
  };
}
