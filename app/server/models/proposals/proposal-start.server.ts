import { newId } from "~/lib/ids";
import { depositLines } from "~/lib/proposals";
import type { Actor } from "~/server/auth/actor.server";
import type { Trx } from "~/server/db/db.server";
import { addDays, issueDraftIn } from "~/server/models/billing/invoice-issue.server";
import { insertInvoiceDraft } from "~/server/models/billing/invoices.server";
import { insertClientInvitation } from "~/server/models/companies/client-invitations.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { recordAudit } from "~/server/models/shared/audit.server";

// What an acceptance starts, inside its transaction (decision 0093): the client company, the
// project with the proposal's phases as milestones, and the deposit invoice.

/**
 * The company the work is for: the proposal's own; for a lead, the company its address already
 * belongs to or the lead was converted to, else a new one with the signer invited as client admin.
 */
export async function companyForSigner(
  trx: Trx,
  actor: Actor,
  row: { id: string; companyId: string | null; leadId: string | null; clientName: string },
  email: string,
  name: string,
  now: number,
): Promise<string> {
  if (row.companyId) return row.companyId;
  const account = await trx.selectFrom("users").select(["companyId"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
  if (account?.companyId) return account.companyId;
  const lead = row.leadId
    ? await trx.selectFrom("quotes").select(["companyId", "country"]).where("id", "=", row.leadId).executeTakeFirst()
    : undefined;
  if (lead?.companyId) return lead.companyId;
  const company = await insertCompany(trx, { name: row.clientName, country: lead?.country ?? "", origin: "staff" }, now);
  await recordAudit(
    trx,
    actor,
    { action: "company.create", entity: "company", entityId: company.id, detail: { name: company.name, fromProposal: row.id } },
    now,
  );
  await insertClientInvitation(trx, actor, { companyId: company.id, name, email, clientAdmin: true }, now);
  return company.id;
}

export async function startProject(
  trx: Trx,
  actor: Actor,
  row: { id: string; companyId: string; ownerId: string | null },
  content: { title: string; sections: { body: string }[]; phases: { title: string; description: string; dueInDays: number | null }[] },
  today: string,
  now: number,
): Promise<string> {
  const project = await insertProject(
    trx,
    {
      companyId: row.companyId,
      createdBy: null,
      ownerId: row.ownerId,
      title: content.title,
      description: (content.sections[0]?.body ?? "").slice(0, 5000),
      progressMode: "milestones",
      startDate: today,
    },
    now,
  );
  for (const [i, phase] of content.phases.entries()) {
    await trx
      .insertInto("milestones")
      .values({
        id: newId(),
        projectId: project.id,
        title: phase.title,
        description: phase.description,
        dueDate: phase.dueInDays === null ? null : addDays(today, phase.dueInDays),
        status: "planned",
        position: i + 1,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      })
      .execute();
  }
  await recordAudit(
    trx,
    actor,
    {
      action: "project.create",
      entity: "project",
      entityId: project.id,
      detail: { companyId: row.companyId, title: project.title, fromProposal: row.id, milestones: content.phases.length },
    },
    now,
  );
  return project.id;
}

export async function issueDeposit(
  trx: Trx,
  actor: Actor,
  companyId: string,
  row: { id: string; clientName: string },
  content: Parameters<typeof depositLines>[0],
  totals: Parameters<typeof depositLines>[1],
  email: string,
  now: number,
): Promise<string | null> {
  const lines = depositLines(content, totals);
  if (lines.length === 0) return null;
  const draft = await insertInvoiceDraft(
    trx,
    actor,
    companyId,
    {
      currency: content.currency,
      lines,
      billingName: row.clientName,
      billingEmail: email,
      notes: `Deposit for the accepted proposal "${content.title}".`,
    },
    now,
  );
  await issueDraftIn(trx, actor, draft.id, draft.version, now);
  return draft.id;
}
