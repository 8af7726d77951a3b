import { z } from "~/lib/zod";
import { newPasswordField } from "~/lib/password-rules";
import { emailField, optionalText } from "./fields";

// SPEC §5: email and password required; the provider's own rules apply on top.
export const credentialsSchema = z.object({
  email: emailField(),
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(128, "Password must be 128 characters or fewer."),
});

export type Credentials = z.infer<typeof credentialsSchema>;

// A new client account's password follows the client rules (app/lib/password-rules.ts);
// signing in keeps the plain check above, so older, shorter passwords still work.
// Name and company are optional (decision 0075), so the SPEC's e-mail + password sign-up still works.
const identityFields = {
  fullName: optionalText("Full name", 120),
  companyName: optionalText("Company name", 120),
};

export const registerSchema = z.object({ email: emailField(), password: newPasswordField("client"), ...identityFields });

/** The register form's instant check in the browser: the password rules are the server's (SPEC §5: not shown). */
export const registerFormSchema = credentialsSchema.extend(identityFields);

export type Registration = z.infer<typeof registerSchema>;
