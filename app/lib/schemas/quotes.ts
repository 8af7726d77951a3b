import { z } from "~/lib/zod";
import { consentField } from "~/lib/privacy-consent";
import { emailField, nameField, optionalText, phoneField, requiredText } from "./fields";

// SPEC §5: full name, email, phone and requirement are required; country is optional;
// the privacy notice's box must be ticked; it posts the version of the text shown.
export const quoteSchema = z.object({
  name: nameField("Full name"),
  email: emailField(),
  phone: phoneField(),
  country: optionalText("Country", 80),
  requirement: requiredText("Requirement", 5000, "Please describe your requirement."),
  consent: consentField(),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
