import { z } from "~/lib/zod";
import { consentField } from "~/lib/privacy-consent";
import { emailField, nameField, optionalText } from "./fields";

// SPEC §5: name required; email required (email type); message optional; resume optional. Issue
// 19: the privacy notice's box must be ticked; it posts the version of the text shown.
export const applicationSchema = z.object({
  name: nameField(),
  email: emailField(),
  message: optionalText("Message", 5000),
  consent: consentField(),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
