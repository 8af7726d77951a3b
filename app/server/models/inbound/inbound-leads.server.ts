import type { InboundMail } from "~/server/mail/inbound-parse.server";
import { submitMailLead } from "../pipeline/quotes.server";
import { getSettings } from "../shared/settings.server";
import { recordOutcome, type Outcome } from "./inbound-messages.server";

// Decision 0101: a person's mail from an address no client has is held for review, or, when the
// operator chose "create a lead", becomes a lead in the pipeline as the site's quote form makes one.
// It is never a client's reply: nothing here reads a token or a thread. The router reaches this
// only after machine mail was ignored and failing authentication held, so neither makes a lead.

export const UNKNOWN_SENDER = "The sender is not a known client address.";

/** The lead's name: the From's display name, else the address's local part (the form's 100 at most). */
function leadName(mail: InboundMail & { from: string }): string {
  const name = mail.fromName.replace(/\s+/g, " ").trim() || mail.from.split("@")[0]!;
  return name.slice(0, 100);
}

/** The lead's requirement: the mail's new text (quotes stripped), else its subject; the form's 5,000 at most. */
function requirementOf(mail: InboundMail): string {
  const text = mail.text || mail.subject || "(no text)";
  return text.length <= 5000 ? text : `${text.slice(0, 4998).trimEnd()} …`;
}

/** Held, or a lead whose outcome is written with it; null when it was written there. */
export async function routeUnknownSender(id: string, mail: InboundMail & { from: string }): Promise<Outcome | null> {
  if (!(await getSettings()).inboundLeads) return { status: "held", reason: UNKNOWN_SENDER };
  await submitMailLead(id, { name: leadName(mail), email: mail.from, requirement: requirementOf(mail) }, (trx, created) =>
    recordOutcome(trx, id, {
      status: "routed",
      reason: created ? "A lead from an unknown address." : "Already routed.",
      routedKind: "lead",
      routedId: id,
    }),
  );
  return null;
}
