import { z } from "~/lib/zod";
import { newPasswordField } from "~/lib/password-rules";
import { emailField, nameField, requiredText } from "./fields";

// First-run setup (/setup): the code from the server log, the agency, the first admin and where
// notices go. The company domain's match with the admin's e-mail, the code and the common-password
// list are checked on the server.

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** An optional inbox: empty means "do not mail these notices". */
function optionalInbox() {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(254, "Email must be 254 characters or fewer.").pipe(z.email("Enter a valid email address.")).optional(),
  );
}

export const setupSchema = z
  .object({
    code: requiredText("Setup code", 40),
    agencyName: requiredText("Agency name", 100),
    companyDomain: z
      .string({ error: "Company domain is required." })
      .trim()
      .toLowerCase()
      .min(1, "Company domain is required.")
      .regex(DOMAIN, "Enter a domain such as example.com (no https://, no @)."),
    name: nameField("Your name"),
    email: emailField("Work email is required."),
    password: newPasswordField("staff"),
    confirm: z.string({ error: "Repeat the password." }),
    leadsInbox: optionalInbox(),
    applicationsInbox: optionalInbox(),
    // Ticked: the demo agency's services, case studies, leadership, logos and testimonials go.
    emptySite: z
      .literal("on", { error: "Tick the box or leave it empty." })
      .optional()
      .transform((value) => value === "on"),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });

export type SetupValues = z.infer<typeof setupSchema>;
