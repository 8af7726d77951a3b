import { z } from "~/lib/zod";

// SPEC §5: full name, email, phone and requirement are required; country is optional.
export const quoteSchema = z.object({
  name: z
    .string({ error: "Full name is required." })
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be 120 characters or fewer."),
  email: z
    .string({ error: "Email is required." })
    .trim()
    .min(1, "Email is required.")
    .max(254, "Email must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid email address.")),
  phone: z
    .string({ error: "Phone is required." })
    .trim()
    .min(1, "Phone is required.")
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a valid phone number (digits, spaces, +, - and brackets)."),
  country: z.string().trim().max(80, "Country must be 80 characters or fewer.").optional(),
  requirement: z
    .string({ error: "Please describe your requirement." })
    .trim()
    .min(1, "Please describe your requirement.")
    .max(5000, "Requirement must be 5000 characters or fewer."),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
