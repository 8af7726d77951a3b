import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { recordAudit } from "../shared/audit.server";
import { markLeadWon } from "./lead-won.server";
import { insertCompany } from "../companies/companies.server";
import { insertClientInvitation } from "../companies/client-invitations.server";
import { insertProject, projectChanged } from "../projects/projects.server";
import { Refusal } from "~/lib/refusal";
import { companyIn, companyScope, type CompanyScope } from "../shared/company-scope.server";
import { announceJoined, joinTeamIfLimited } from "../companies/company-team.server";

// "Convert to client". Company, invitation, first project, the lead marked Won and
// linked to the company, and the audit rows: one transaction, so a refusal at any step (e.g. the
// requester already belongs to another company) leaves nothing half-done.

export interface LeadConversion {
  company: { kind: "new"; name: string; country: string } | { kind: "existing"; id: string };
  invitee: { name: string; email: string; clientAdmin: boolean };
  /** The first project's title; its description is the lead's requirement. */
  projectTitle?: string;
}

/** Open companies to pick from, by name: those `scope` lets the viewer see (decision 0105). */
export async function listOpenCompanies(scope: CompanyScope): Promise<{ id: string; name: string }[]> {
  return db()
    .selectFrom("companies")
    .select(["id", "name"])
    .where("closedAt", "is", null)
    .where((eb) => companyIn(eb, "id", scope))
    .orderBy("name")
    .execute();
}

/** Converts a lead (an unknown one is refused as not found). Returns the company it now belongs to. */
export async function convertQuote(actor: Actor, leadId: string, input: LeadConversion, now = Date.now()): Promise<{ companyId: string }> {
  const outcome = await writeTransaction(async (trx) => {
    const lead = await trx
      .selectFrom("quotes")
      .select(["id", "status", "companyId", "requirement"])
      .where("id", "=", leadId)
      .executeTakeFirst();
    if (!lead) throw new Refusal("not-found", "This lead does not exist.");
    // The page links to the company instead, through the refusal's record.
    if (lead.companyId) throw new Refusal("conflict", "This lead was already converted to a client.", { recordId: lead.companyId });
    let companyId: string;
    let joined = false;
    if (input.company.kind === "new") {
      const company = await insertCompany(trx, { name: input.company.name, country: input.company.country, origin: "staff" }, now);
      await recordAudit(
        trx,
        actor,
        { action: "company.create", entity: "company", entityId: company.id, detail: { name: company.name, fromLead: lead.id } },
        now,
      );
      companyId = company.id;
      joined = await joinTeamIfLimited(trx, actor, companyId, now);
    } else {
      // A company the converter may not see is "unknown" to them, as on every other page.
      const known = input.company.id;
      const scope = await companyScope(actor, trx);
      const visible = await trx
        .selectFrom("companies")
        .select("id")
        .where("id", "=", known)
        .where((eb) => companyIn(eb, "id", scope))
        .executeTakeFirst();
      if (!visible) throw new Refusal("invalid", "Choose a company from the list.", { field: "companyId" });
      companyId = known;
    }
    // Refuses a closed or unknown company, a company address, an account elsewhere: all rolled back.
    const { invitation } = await insertClientInvitation(trx, actor, { companyId, ...input.invitee }, now);
    let projectId: string | null = null;
    if (input.projectTitle) {
      const project = await insertProject(
        trx,
        { companyId, createdBy: null, title: input.projectTitle, description: lead.requirement, progressMode: "milestones" },
        now,
      );
      await recordAudit(
        trx,
        actor,
        {
          action: "project.create",
          entity: "project",
          entityId: project.id,
          detail: { companyId, title: project.title, fromLead: lead.id },
        },
        now,
      );
      projectId = project.id;
    }
    // Only a lead nobody converted meanwhile (another tab, another instance).
    if (!(await markLeadWon(trx, actor, lead, companyId, now, { unconverted: true })))
      throw new Refusal("conflict", "This lead was converted by someone else just now.");
    await recordAudit(
      trx,
      actor,
      {
        action: "lead.convert",
        entity: "lead",
        entityId: lead.id,
        detail: { companyId, invitationId: invitation.id, email: invitation.email, projectId },
      },
      now,
    );
    return { companyId, projectId, joined };
  });
  announceJoined(actor, outcome.joined);
  notifyMailEnqueued();
  events().publish({ type: "quote.changed", id: leadId });
  if (outcome.projectId) projectChanged({ id: outcome.projectId, companyId: outcome.companyId });
  return { companyId: outcome.companyId };
}
