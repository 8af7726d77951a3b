import { z } from "~/lib/zod";

export const PROGRESS_NOTE_MAX_LENGTH = 500;
const PROGRESS_MESSAGE = "Progress must be a whole number from 0 to 100.";

// SPEC §9: progress is 0–100. Staff set it from the console with an optional note (issue 5).
export const projectProgressSchema = z.object({
  projectId: z.string({ error: "Unknown project." }).trim().min(1, "Unknown project.").max(64),
  progress: z
    .number({ error: (issue) => (issue.input === undefined ? "Progress is required." : PROGRESS_MESSAGE) })
    .int(PROGRESS_MESSAGE)
    .min(0, PROGRESS_MESSAGE)
    .max(100, PROGRESS_MESSAGE),
  note: z
    .string()
    .trim()
    .max(PROGRESS_NOTE_MAX_LENGTH, `Note must be ${PROGRESS_NOTE_MAX_LENGTH} characters or fewer.`)
    .optional(),
});
