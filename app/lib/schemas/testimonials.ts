import { z } from "~/lib/zod";
import { nameField, requiredText } from "./fields";

// SPEC §3: review, name and category, all required.
export const testimonialSchema = z.object({
  review: requiredText("Review", 1000),
  name: nameField(),
  category: requiredText("Category", 60),
});

export type TestimonialFormValue = z.infer<typeof testimonialSchema>;
