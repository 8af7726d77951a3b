import { newId } from "~/lib/ids";
import { contentProblem, type ProposalContent } from "~/lib/proposals";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { agencyToday, readPlace } from "~/server/brand/locale.server";
import { db, type Executor, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { addDays } from "~/server/models/billing/invoice-issue.server";
import { parseContent, proposalRow, STALE_PROPOSAL } from "./proposal-rows.server";

// Proposals' working copies: staff (sales, admin) write one for a lead or a company, from scratch
// or from a template. Saving checks the version the editor loaded, so a second editor is told
// instead of overwriting. Sending (proposal-send.server.ts) freezes a copy as the next version.

export type ProposalFor = { leadId: string } | { companyId: string };

/** A blank proposal in the agency's currency, valid for 30 days. */
export async function blankContent(title: string, today: string, executor: Executor = db()): Promise<ProposalContent> {
  const place = await readPlace(executor);
  return {
    title,
    currency: place.value.currency,
    sections: [],
    phases: [],
    items: [],
    depositBp: 0,
    validUntil: addDays(today, 30),
    terms: "",
  };
}

/** Creates a draft for a lead or an open company; the client's name and address come from either. */
export async function createProposal(
  actor: Actor,
  target: ProposalFor,
  input: { title: string; templateId?: string | null },
  now = Date.now(),
): Promise<{ id: string }> {
  // Read before the transaction: inside it, only `trx` may be used (SQLite has one connection).
  const today = await agencyToday(now);
  return writeTransaction(async (trx) => {
    const client = await clientOf(trx, target);
    let content = await blankContent(input.title.trim(), today, trx);
    if (input.templateId) {
      const template = await trx.selectFrom("proposalTemplates").select("content").where("id", "=", input.templateId).executeTakeFirst();
      if (!template) throw new Refusal("not-found", "That template no longer exists.", { field: "templateId" });
      const from = parseContent(template.content);
      content = { ...from, title: input.title.trim() || from.title, validUntil: content.validUntil };
    }
    if (!content.title) throw new Refusal("invalid", "Give the proposal a title.", { field: "title" });
    const id = newId();
    await trx
      .insertInto("proposals")
      .values({
        id,
        leadId: "leadId" in target ? target.leadId : null,
        companyId: "companyId" in target ? target.companyId : null,
        clientName: client.name,
        clientEmail: client.email,
        ownerId: actor.id,
        draft: JSON.stringify(content),
        sentAt: null,
        firstViewedAt: null,
        acceptedAt: null,
        declinedAt: null,
        declineReason: null,
        projectId: null,
        invoiceId: null,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "proposal.create", entity: "proposal", entityId: id, detail: { ...target, title: content.title } },
      now,
    );
    return { id };
  });
}

async function clientOf(trx: Trx, target: ProposalFor): Promise<{ name: string; email: string }> {
  if ("leadId" in target) {
    const lead = await trx.selectFrom("quotes").select(["name", "email", "companyId"]).where("id", "=", target.leadId).executeTakeFirst();
    if (!lead) throw new Refusal("not-found", "This lead does not exist.");
    return { name: lead.name, email: lead.email };
  }
  const company = await trx.selectFrom("companies").select(["name", "closedAt"]).where("id", "=", target.companyId).executeTakeFirst();
  if (!company) throw new Refusal("not-found", "This client does not exist.");
  if (company.closedAt) throw new Refusal("conflict", "This client is closed: reopen it before sending it a proposal.");
  // The first client admin receives and signs it, unless staff choose another member.
  const admin = await trx
    .selectFrom("users")
    .select("email")
    .where("companyId", "=", target.companyId)
    .where("role", "=", "client")
    .orderBy("clientAdmin", "desc")
    .orderBy("createdAt")
    .executeTakeFirst();
  return { name: company.name, email: admin?.email ?? "" };
}

export interface DraftChange {
  content: ProposalContent;
  clientName: string;
  clientEmail: string;
  countersign: boolean;
}

/**
 * Saves the working copy if nobody saved since `version`; returns the new version. A proposal
 * already accepted or declined is final. Incomplete content may be saved; sending checks it.
 */
export async function saveProposalDraft(actor: Actor, id: string, version: number, change: DraftChange, now = Date.now()): Promise<number> {
  const problem = contentProblem(change.content);
  if (problem && problem.field !== "items") throw new Refusal("invalid", problem.message, { field: problem.field });
  if (!change.clientName.trim()) throw new Refusal("invalid", "Give the client's name.", { field: "clientName" });
  return writeTransaction(async (trx) => {
    const row = await proposalRow(trx, id);
    if (row.status === "accepted" || row.status === "declined")
      throw new Refusal("conflict", `This proposal was ${row.status}: it can no longer change.`);
    const result = await trx
      .updateTable("proposals")
      .set({
        draft: JSON.stringify(change.content),
        clientName: change.clientName.trim(),
        clientEmail: change.clientEmail.trim().toLowerCase(),
        countersign: change.countersign ? 1 : 0,
        version: version + 1,
        updatedAt: now,
      })
      .where("id", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Refusal("conflict", STALE_PROPOSAL);
    await recordAudit(trx, actor, { action: "proposal.save", entity: "proposal", entityId: id, detail: { version: version + 1 } }, now);
    return version + 1;
  });
}

/** Saves a proposal's working copy as a template others start from. */
export async function saveAsTemplate(actor: Actor, proposalId: string, name: string, now = Date.now()): Promise<{ id: string }> {
  const label = name.trim();
  if (!label || label.length > 200) throw new Refusal("invalid", "Name the template (up to 200 characters).", { field: "name" });
  return writeTransaction(async (trx) => {
    const row = await proposalRow(trx, proposalId);
    const id = newId();
    await trx
      .insertInto("proposalTemplates")
      .values({ id, name: label, content: row.draft, createdBy: actor.id, createdAt: now, updatedAt: now })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: "proposal.template", entity: "proposal", entityId: proposalId, detail: { templateId: id, name: label } },
      now,
    );
    return { id };
  });
}

/** The templates, by name. */
export function listTemplates(): Promise<{ id: string; name: string }[]> {
  return db().selectFrom("proposalTemplates").select(["id", "name"]).orderBy("name").execute();
}
