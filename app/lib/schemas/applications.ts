import { z } from "~/lib/zod";
import { emailField, nameField, optionalText } from "./fields";

// SPEC §5: name required; email required (email type); message optional; resume optional.
export const applicationSchema = z.object({
  name: nameField(),
  email: emailField(),
  message: optionalText("Message", 5000),
});

export type ApplicationInput = z.infer<typeof applicationSchema>;
