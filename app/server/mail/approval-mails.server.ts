import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// The project's owner (or the sales inbox) hears of every client decision.

export interface ApprovalDecisionMail {
  projectTitle: string;
  companyName: string;
  subject: string;
  approved: boolean;
  memberName: string;
  /** Left out when the member's address is not verified (decision 0028: no unverified free text). */
  comment: string | null;
  consoleUrl: string;
  /** Decided with the request mail's link rather than in the portal (decision 0099). */
  fromMail?: boolean;
}

export function approvalDecisionMail(input: ApprovalDecisionMail, brand: MailBrand): MailContent {
  const verb = input.approved ? "approved" : "asked for changes to";
  const fields: Array<readonly [string, string]> = [
    ["Project", input.projectTitle],
    ["Company", input.companyName],
    ["Decision", input.approved ? "Approved" : "Changes requested"],
  ];
  if (input.fromMail) fields.push(["Decided from", "The link in the request e-mail"]);
  if (input.comment) fields.push(["Comment", input.comment]);
  return composeMail(
    {
      subject: `${input.approved ? "Approved" : "Changes requested"}: ${input.subject} - ${brand.name}`,
      heading: input.approved ? "The client approved" : "The client asked for changes",
      blocks: [
        `${input.memberName} of ${input.companyName} ${verb} ${input.subject}.`,
        { fields },
        { action: { label: "Open the project's milestones", url: input.consoleUrl } },
        ...(input.comment === null ? [{ note: "Read their comment in the console." }] : []),
      ],
    },
    brand,
  );
}

// Asking for approval used to mail nobody; every member of the company may decide.
export function approvalRequestedMail(
  input: {
    projectTitle: string;
    subject: string;
    askedBy: string;
    note: string;
    portalUrl: string;
    /** This member's one-click links (decision 0099); absent when the company does not allow them. */
    decideUrls?: { approve: string; changes: string };
  },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Your approval is asked: ${input.subject} - ${brand.name}`,
      heading: "Your approval is asked",
      blocks: [
        `${input.askedBy} from ${brand.name} asks you to approve the ${input.subject} of ${input.projectTitle}.`,
        ...(input.note ? [{ fields: [["Note", input.note] as const] }] : []),
        ...(input.decideUrls
          ? [
              { action: { label: "Approve", url: input.decideUrls.approve } },
              { action: { label: "Request changes", url: input.decideUrls.changes } },
              { note: "Each link opens a page to confirm; it works once, for you only, for 7 days." },
            ]
          : []),
        { action: { label: "Open the project", url: input.portalUrl } },
      ],
    },
    brand,
  );
}
