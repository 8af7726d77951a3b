import { z } from "~/lib/zod";

// SPEC §5: email and password required; the provider's own rules apply on top.
export const credentialsSchema = z.object({
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid email address.")),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(128, "Password must be 128 characters or fewer."),
});

export type Credentials = z.infer<typeof credentialsSchema>;
