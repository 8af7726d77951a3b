import { z } from "~/lib/zod";

// Field builders for the chains the form schemas used to copy. Each message is built from the
// field's label, so every schema keeps its exact texts (tests/*-schema.test.ts check them).

/** Required, trimmed text: "{label} is required." and "{label} must be {max} characters or fewer." */
export function requiredText(label: string, max: number, required = `${label} is required.`) {
  return z.string({ error: required }).trim().min(1, required).max(max, `${label} must be ${max} characters or fewer.`);
}

/** Optional, trimmed text with the same length message. */
export function optionalText(label: string, max: number) {
  return z.string().trim().max(max, `${label} must be ${max} characters or fewer.`).optional();
}

/** A person's name: "Full name" on the quote and profile forms, "Name" on the application. */
export function nameField(label = "Name") {
  return requiredText(label, 120);
}

/** A required e-mail address; the staff form asks for a "Work email". */
export function emailField(required = "Email is required.") {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, "Email must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid email address."));
}

/** A required phone number: digits, spaces, +, - and brackets. */
export function phoneField() {
  return z
    .string({ error: "Phone is required." })
    .trim()
    .min(1, "Phone is required.")
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a valid phone number (digits, spaces, +, - and brackets).");
}
