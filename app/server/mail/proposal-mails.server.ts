import type { Executor } from "~/server/db/db.server";
import { enqueueMail } from "./outbox.server";
import { composeMail, type MailBrand, type MailContent } from "./templates.server";

// The mails of a proposal: the link to read (and sign) it, and the answer once it is signed.

/** "Proposal: Website redesign, from Indigo Kite": the link opens it (once, for a lead's link). */
export function proposalMail(
  input: { title: string; clientName: string; validUntil: string; url: string; single: boolean },
  brand: MailBrand,
): MailContent {
  return composeMail(
    {
      subject: `Proposal: ${input.title}, from ${brand.name}`,
      heading: input.title,
      blocks: [
        `${brand.name} has sent ${input.clientName} a proposal. Read it, choose any optional items and accept it by signing online.`,
        { fields: [["Valid until", input.validUntil]] },
        { action: { label: "Read the proposal", url: input.url } },
        ...(input.single
          ? [{ note: "The link opens the proposal once, on one device; the page it opens offers a new link if you need one." }]
          : []),
      ],
    },
    brand,
  );
}

/** Queues the proposal mail in the sending transaction; one per version and address. */
export async function enqueueProposalMail(
  executor: Executor,
  input: {
    proposalId: string;
    version: number;
    to: string;
    title: string;
    clientName: string;
    validUntil: string;
    url: string;
    single: boolean;
    key?: string;
  },
  brand: MailBrand,
  now: number,
): Promise<void> {
  await enqueueMail(
    executor,
    {
      ...proposalMail(input, brand),
      to: input.to,
      idempotencyKey: `proposal:${input.proposalId}:${input.key ?? `v${input.version}`}:${input.to.toLowerCase()}`.slice(0, 200),
    },
    now,
  );
}
