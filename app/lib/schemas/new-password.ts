import { newPasswordField, type PasswordAudience } from "~/lib/password-rules";
import { z } from "~/lib/zod";
import { checkboxField } from "./client-invitations";

/** The reset link's form; the length rule is the account's (staff or client). */
export function resetPasswordSchema(audience: PasswordAudience) {
  return z
    .object({
      token: z.string().min(1, "This reset link is incomplete. Ask for a new one."),
      password: newPasswordField(audience),
      confirm: z.string({ error: "Repeat the password." }),
      // Decision 0053: a passkey signs in without the password, so a reset can take them all away.
      removePasskeys: checkboxField,
    })
    .refine((v) => v.password === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });
}

/** The client rules: what a link whose account is unknown is checked against. */
export const newPasswordSchema = resetPasswordSchema("client");
