import { z } from "~/lib/zod";

// SPEC §5: full name and phone required; company and country optional. The e-mail comes from the
// account, so the schema has no e-mail field and a posted one is dropped.
export const profileSchema = z.object({
  fullName: z
    .string({ error: "Full name is required." })
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be 120 characters or fewer."),
  phone: z
    .string({ error: "Phone is required." })
    .trim()
    .min(1, "Phone is required.")
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a valid phone number (digits, spaces, +, - and brackets)."),
  company: z.string().trim().max(120, "Company must be 120 characters or fewer.").optional(),
  country: z.string().trim().max(80, "Country must be 80 characters or fewer.").optional(),
});

export type ProfileInput = z.infer<typeof profileSchema>;
