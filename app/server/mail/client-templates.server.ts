import { composeMail, type MailBrand, type MailContent } from "./templates.server";

/**
 * The invitation to a company's client portal, with the link to accept it. It goes
 * to someone who never asked us for mail, so it holds only words that are ours (decision 0055):
 * `inviter` is a staff member's name and `company` a name staff gave, or null for a neutral line.
 */
export function clientInvitationMail(
  input: { company: string | null; inviter: string | null; url: string },
  brand: MailBrand,
): MailContent {
  const who = input.inviter ? `${input.inviter} of ${brand.name}` : `A client of ${brand.name}`;
  const what = input.company ? `${input.company}'s projects and support requests` : "their company's projects and support requests";
  return composeMail(
    {
      subject: input.company ? `You are invited to ${input.company}'s client portal` : `You are invited to the ${brand.name} client portal`,
      heading: "Welcome",
      blocks: [
        `${who} has invited you to follow ${what} in our client portal.`,
        "The link below shows who invited you and to which company. Choose a password (or continue with Google) there. The link works once, for 7 days.",
        { action: { label: "Accept the invitation", url: input.url } },
        { note: "If you were not expecting this, ignore this e-mail: no account is made until the link is used." },
      ],
    },
    brand,
  );
}
