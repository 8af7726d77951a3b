import { z } from "~/lib/zod";
import { newPasswordField } from "~/lib/password-rules";
import { STAFF_ROLES } from "~/lib/staff-roles";
import { emailField, optionalText } from "./fields";

// Staff are invited (they choose their own password); the company domain is
// checked on the server (env).
const roleField = z.enum(STAFF_ROLES, { error: "Choose a role." });

export const staffInviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailField("Work email is required."),
  name: optionalText("Name", 120),
  staffRole: roleField,
});

export const staffRoleChangeSchema = z.object({
  intent: z.literal("set-role"),
  // "id", like every per-row form: a failed request shows its message in that row (form-failure.ts).
  id: z.string({ error: "Choose a staff member." }).trim().min(1, "Choose a staff member.").max(64),
  staffRole: roleField,
});

/** The invitee's own password, from the invitation link (GET shows, POST sets: scanner safe). */
export const acceptInvitationSchema = z
  .object({
    token: z.string({ error: "This invitation link is incomplete." }).min(1, "This invitation link is incomplete."),
    password: newPasswordField("staff"),
    confirm: z.string({ error: "Repeat the password." }),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });
