import { newPasswordField, PASSWORD_MAX, type PasswordAudience } from "~/lib/password-rules";
import { z } from "~/lib/zod";

// Settings → Change password: the current password proves it is the account's owner at
// the keyboard; the new one follows the rules of the account's audience.
export function changePasswordSchema(audience: PasswordAudience) {
  return z
    .object({
      currentPassword: z
        .string({ error: "Enter your current password." })
        .min(1, "Enter your current password.")
        .max(PASSWORD_MAX, "Enter your current password."),
      newPassword: newPasswordField(audience),
      confirm: z.string({ error: "Repeat the new password." }),
    })
    .refine((v) => v.newPassword === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
export const PASSWORD_CHANGE_FAILED = "Could not change your password. Please try again.";
