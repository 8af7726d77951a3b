import { z } from "~/lib/zod";
import { newPasswordField } from "~/lib/password-rules";
import { emailField } from "./fields";

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
export const registerSchema = z.object({
  email: emailField(),
  password: newPasswordField("client"),
});
