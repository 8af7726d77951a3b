import { z } from "~/lib/zod";

// SPEC §5: title and description required. Progress is never taken from a client.
export const projectSchema = z.object({
  title: z
    .string({ error: "Title is required." })
    .trim()
    .min(1, "Title is required.")
    .max(120, "Title must be 120 characters or fewer."),
  description: z
    .string({ error: "Description is required." })
    .trim()
    .min(1, "Description is required.")
    .max(5000, "Description must be 5000 characters or fewer."),
});

export type ProjectInput = z.infer<typeof projectSchema>;
