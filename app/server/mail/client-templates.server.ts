import { composeMail, type MailContent } from "./templates.server";

/** Issue 16 part 2: the invitation to a company's client portal, with the link to accept it. */
export function clientInvitationMail(input: { name: string; company: string; inviter: string; url: string }): MailContent {
  return composeMail({
    subject: `You are invited to ${input.company}'s client portal`,
    heading: input.name ? `Welcome, ${input.name}` : "Welcome",
    blocks: [
      `${input.inviter} has invited you to follow ${input.company}'s projects and support requests in our client portal.`,
      "Choose a password (or continue with Google) with the link below. The link works once, for 7 days.",
      { action: { label: "Accept the invitation", url: input.url } },
      { note: "If you were not expecting this, ignore this e-mail: no account is made until the link is used." },
    ],
  });
}
