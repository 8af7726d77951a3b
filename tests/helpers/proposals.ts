import { newId } from "~/lib/ids";
import type { ProposalContent } from "~/lib/proposals";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { sendProposal } from "~/server/models/proposals/proposal-send.server";
import { createProposal, saveProposalDraft } from "~/server/models/proposals/proposals.server";

// Proposals as the tests start them: a lead asking for a quote, a proposal's content, and a
// proposal written and sent by sales through the models themselves.

export const SALES: Actor = { id: "sales-1", email: "sam@indigokite.dev", name: "Sam Sales" };

/** A redesign with two fixed items and one optional SEO audit at another tax rate. */
export const proposalContent = (fields: Partial<ProposalContent> = {}): ProposalContent => ({
  title: "Website redesign",
  currency: "EUR",
  sections: [{ heading: "Scope", body: "A new site in **six weeks**." }],
  phases: [
    { title: "Discovery", description: "Workshops", dueInDays: 7 },
    { title: "Build", description: "", dueInDays: 35 },
  ],
  items: [
    { id: "design", description: "Design", quantityMilli: 10_000, unitPrice: 9_000, taxRateBp: 2000, optional: false, included: true },
    { id: "build", description: "Build, days", quantityMilli: 5_000, unitPrice: 60_000, taxRateBp: 2000, optional: false, included: true },
    { id: "seo", description: "SEO audit", quantityMilli: 1_000, unitPrice: 45_000, taxRateBp: 700, optional: true, included: false },
  ],
  depositBp: 3000,
  validUntil: "2099-12-31",
  terms: "Payment within 14 days of each invoice.",
  ...fields,
});

/** A quote request, as the site's form leaves it. */
export async function insertLead(email: string, name = "Lena Lead"): Promise<string> {
  const id = newId();
  await db()
    .insertInto("quotes")
    .values({ id, name, email, phone: "", country: "Germany", requirement: "A new website", submittedAt: Date.now() })
    .execute();
  return id;
}

/** The link token of the last proposal mail to `to`. */
export async function linkTokenFor(to: string): Promise<string> {
  const mail = await db()
    .selectFrom("mailOutbox")
    .select("textBody")
    .where("toAddress", "=", to)
    .where("idempotencyKey", "like", "proposal:%")
    .orderBy("createdAt", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  return /\/proposal\/([\w-]+)/.exec(mail.textBody)![1]!;
}

/** A proposal written by sales for a lead or a company and sent as version 1; its id. */
export async function sentProposal(
  target: { leadId: string } | { companyId: string },
  email: string,
  options: { content?: ProposalContent; countersign?: boolean; clientName?: string } = {},
): Promise<string> {
  const { id } = await createProposal(SALES, target, { title: "Website redesign" });
  await saveProposalDraft(SALES, id, 1, {
    content: options.content ?? proposalContent(),
    clientName: options.clientName ?? "Lena's Bakery",
    clientEmail: email,
    countersign: options.countersign ?? false,
  });
  await sendProposal(SALES, id, 2);
  return id;
}
