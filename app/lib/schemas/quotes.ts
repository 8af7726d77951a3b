import { z } from "~/lib/zod";
import { emailField, nameField, optionalText, phoneField, requiredText } from "./fields";

// SPEC §5: full name, email, phone and requirement are required; country is optional.
export const quoteSchema = z.object({
  name: nameField("Full name"),
  email: emailField(),
  phone: phoneField(),
  country: optionalText("Country", 80),
  requirement: requiredText("Requirement", 5000, "Please describe your requirement."),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
