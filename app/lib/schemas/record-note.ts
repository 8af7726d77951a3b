import { z } from "~/lib/zod";

export const NOTE_MAX_LENGTH = 2000;

/** An internal staff note on a lead or an application (issue 5). */
export const recordNoteSchema = z.object({
  text: z
    .string({ error: "Write a note first." })
    .trim()
    .min(1, "Write a note first.")
    .max(NOTE_MAX_LENGTH, `A note must be ${NOTE_MAX_LENGTH} characters or fewer.`),
});
