import { z } from "~/lib/zod";

// SPEC §3: review, name and category, all required (issue 5).
export const testimonialSchema = z.object({
  review: z
    .string({ error: "Review is required." })
    .trim()
    .min(1, "Review is required.")
    .max(1000, "Review must be 1000 characters or fewer."),
  name: z
    .string({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(120, "Name must be 120 characters or fewer."),
  category: z
    .string({ error: "Category is required." })
    .trim()
    .min(1, "Category is required.")
    .max(60, "Category must be 60 characters or fewer."),
});

export type TestimonialFormValue = z.infer<typeof testimonialSchema>;
