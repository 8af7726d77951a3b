import { z } from "~/lib/zod";

// A staff account added from the console; the company domain is checked on the server (env).
export const staffAccountSchema = z.object({
  email: z
    .string({ error: "Work email is required." })
    .trim()
    .min(1, "Work email is required.")
    .max(254, "Email must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid email address.")),
  name: z.string().trim().max(120, "Name must be 120 characters or fewer.").optional(),
  password: z
    .string({ error: "Password is required." })
    .min(8, "Password must be at least 8 characters.")
    .max(128, "Password must be 128 characters or fewer."),
});
