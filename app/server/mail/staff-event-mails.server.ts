import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// The mails of the events staff (and a company's client admins) hear of in their bell.
// They say what happened and link to it; the details are read in the console, as the SPEC's mails
// to the sales and HR inboxes already carry them.

/** To the staff member who invited and the company's client admins. */
export function invitationAcceptedMail(input: { who: string; company: string; url: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `${input.who} joined ${input.company} - ${brand.name}`,
      heading: "An invitation was accepted",
      blocks: [
        `${input.who} accepted the invitation to ${input.company} and can now use the client portal.`,
        { action: { label: "Open the company's people", url: input.url } },
      ],
    },
    brand,
  );
}

export function newLeadMail(input: { name: string; url: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `New lead from ${input.name}`,
      heading: "A new lead",
      blocks: [`${input.name} asked for a quote on the website.`, { action: { label: "Open the lead", url: input.url } }],
      signature: `— ${brand.name} website`,
    },
    brand,
  );
}

export function newApplicationMail(input: { name: string; openingTitle: string; url: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `New application: ${input.openingTitle}`,
      heading: "A new application",
      blocks: [`${input.name} applied for ${input.openingTitle}.`, { action: { label: "Open the application", url: input.url } }],
      signature: `— ${brand.name} website`,
    },
    brand,
  );
}

export function paymentDisputedMail(input: { number: string; amount: string; status: string; url: string }, brand: MailBrand): MailContent {
  return composeMail(
    {
      subject: `Card payment disputed: ${input.number}`,
      heading: "A card payment is disputed",
      blocks: [
        `The card payment of ${input.amount} on invoice ${input.number} is disputed (${input.status}).`,
        { action: { label: "Open the invoice", url: input.url } },
      ],
      signature: `— ${brand.name} billing`,
    },
    brand,
  );
}

/** Decision 0101: a member answered a project mail; their words are on the project's timeline. */
export function projectCommentMail(
  input: { name: string; projectTitle: string; text: string; url: string },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `${input.name} commented on ${input.projectTitle} by e-mail`,
      heading: "A comment by e-mail",
      blocks: [
        `${input.name} answered a mail about ${input.projectTitle}; the comment is on the project's activity.`,
        { fields: [["Comment", input.text] as const] },
        { action: { label: "Open the project", url: input.url } },
      ],
      signature: `— ${brand.name}`,
    },
    brand,
  );
}
