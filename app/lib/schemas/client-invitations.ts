import { z } from "~/lib/zod";
import { newPasswordField } from "~/lib/password-rules";
import { emailField, requiredText } from "./fields";

// Decision 0034: people are invited to a company, by staff from the console or by
// the company's client admin from the portal's Team page. Company addresses are refused on the server
// (the company domain is in env).

/** An unchecked checkbox sends nothing: absent is false. */
export const checkboxField = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

export const clientInviteSchema = z.object({
  intent: z.literal("invite"),
  name: requiredText("Name", 120),
  email: emailField(),
  clientAdmin: checkboxField,
});

/** The invitee's own password, from the link (GET shows, POST accepts: scanner safe). */
export const acceptClientInvitationSchema = z
  .object({
    intent: z.literal("accept"),
    token: z.string({ error: "This invitation link is incomplete." }).min(1, "This invitation link is incomplete."),
    password: newPasswordField("client"),
    confirm: z.string({ error: "Repeat the password." }),
  })
  .refine((v) => v.password === v.confirm, { message: "The passwords do not match.", path: ["confirm"] });

export const invitationChangeSchema = z.object({ intent: z.enum(["resend", "revoke"], { error: "Choose resend or revoke." }) });

export const removeTeammateSchema = z.object({
  intent: z.literal("remove"),
  id: z.string({ error: "Choose a teammate." }).trim().min(1, "Choose a teammate.").max(64),
});
