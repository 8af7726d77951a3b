import { z } from "~/lib/zod";
import { nameField, optionalText, phoneField } from "./fields";

// SPEC §5: full name and phone required; company and country optional. The e-mail comes from the
// account, so the schema has no e-mail field and a posted one is dropped.
export const profileSchema = z.object({
  fullName: nameField("Full name"),
  phone: phoneField(),
  company: optionalText("Company", 120),
  country: optionalText("Country", 80),
});

export type ProfileInput = z.infer<typeof profileSchema>;
