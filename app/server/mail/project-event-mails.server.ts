import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// What a company's members read when their project moves. Every word is the
// agency's (staff are signed in and accountable): the project's and milestone's titles and the
// staff note of a progress change.

/** `by` is the staff member who set it, or null when progress follows the milestones. */
export function progressChangedMail(
  input: {
    projectTitle: string;
    progress: number;
    note: string;
    by: string | null;
    portalUrl: string;
  },
  brand: MailBrand,
): MailContent {
  const who = input.by
    ? `${input.by} from ${brand.name} updated the progress of ${input.projectTitle}`
    : `The progress of ${input.projectTitle} follows its milestones`;
  return composeMail(
    {
      subject: `${input.projectTitle} is now ${input.progress}% done - ${brand.name}`,
      heading: `${input.projectTitle} is now ${input.progress}% done`,
      blocks: [
        `${who}: it is now ${input.progress}% done.`,
        ...(input.note ? [{ fields: [["Note", input.note] as const] }] : []),
        { action: { label: "Open the project", url: input.portalUrl } },
      ],
    },
    brand,
  );
}

export function milestoneDoneMail(
  input: { projectTitle: string; milestone: string; by: string | null; portalUrl: string },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Milestone done: ${input.milestone} - ${brand.name}`,
      heading: `Milestone "${input.milestone}" is done`,
      blocks: [
        `${input.by ? `${input.by} from ${brand.name} marked` : "We marked"} the milestone "${input.milestone}" of ${input.projectTitle} as done.`,
        { action: { label: "Open the project", url: input.portalUrl } },
      ],
    },
    brand,
  );
}

/** `dueDate` is the stored calendar date (YYYY-MM-DD). */
export function milestoneDueMail(
  input: { projectTitle: string; milestone: string; dueDate: string; portalUrl: string },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Milestone due on ${input.dueDate}: ${input.milestone} - ${brand.name}`,
      heading: `Milestone "${input.milestone}" is due soon`,
      blocks: [
        `The milestone "${input.milestone}" of ${input.projectTitle} is due on ${input.dueDate}.`,
        { action: { label: "Open the project", url: input.portalUrl } },
      ],
    },
    brand,
  );
}
