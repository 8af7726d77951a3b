import { z } from "~/lib/zod";

// SPEC §5: name required; email required (email type); message optional; resume optional.
export const applicationSchema = z.object({
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(120, "Name must be 120 characters or fewer."),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid email address.")),
  message: z.string().trim().max(5000, "Message must be 5000 characters or fewer.").optional(),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
