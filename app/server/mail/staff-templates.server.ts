import { STAFF_ROLE_LABELS, type StaffRole } from "~/lib/staff-roles";
import { composeMail, type MailBrand, type MailContent } from "./templates.server";

/** The invitation to the staff console, with the link to choose a password. */
export function staffInvitationMail(input: { name: string; role: StaffRole; inviter: string; url: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: "You are invited to the staff console",
      heading: input.name ? `Welcome, ${input.name}` : "Welcome",
      blocks: [
        `${input.inviter} has invited you to the staff console with the ${STAFF_ROLE_LABELS[input.role]} role.`,
        "Choose your password with the link below to finish setting up your account. The link works once, for 7 days.",
        { action: { label: "Choose your password", url: input.url } },
        { note: "If you were not expecting this, ignore this e-mail: no account is made until the link is used." },
      ],
    },
    brand,
  );
}
