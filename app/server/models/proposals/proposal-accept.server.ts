import { newId } from "~/lib/ids";
import { projectLink } from "~/lib/links";
import { canonicalDocument, depositLines, proposalTotals, unknownOptionalIds } from "~/lib/proposals";
import { isRefusal, Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { agencyToday } from "~/server/brand/locale.server";
import type { Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { addDays, issueDraftIn } from "~/server/models/billing/invoice-issue.server";
import { sendInvoice } from "~/server/models/billing/invoice-delivery.server";
import { logger } from "~/server/logger.server";
import { insertInvoiceDraft } from "~/server/models/billing/invoices.server";
import { insertClientInvitation } from "~/server/models/companies/client-invitations.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { notify, publishNotified, staffIdsFor } from "~/server/models/notifications/notifications.server";
import { markLeadWon } from "~/server/models/pipeline/lead-won.server";
import { insertProject, projectChanged } from "~/server/models/projects/projects.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import type { ProposalAccess } from "./proposal-client.server";
import { isExpired, latestVersion, NO_PROPOSAL, proposalRow, sha256 } from "./proposal-rows.server";
import { deliverSignedProposal } from "./proposal-signed.server";

// Accepting is signing, and it starts the work, in one transaction (decision 0093): the signature
// with the exact document accepted and its SHA-256; for a lead, the client company with the signer
// invited as its client admin (or the company the signer's address already belongs to); the
// project with the phases as milestones; the deposit invoice, issued; the lead marked Won; the
// staff told. The proposal's status moves first and only from sent/viewed, so a second acceptance
// (a double click, another instance) waits for the first and then finds it accepted: it writes
// nothing and answers with what the first one started.

export const ACCEPT_TEXT = {
  name: "Type your full name to sign.",
  consent: "Tick the box to agree to sign electronically.",
  newer: "A newer version of this proposal was sent: read it, then accept that one.",
  total: "The total you saw is not this proposal's total for the items chosen: reload the page and check it again.",
  unknownItem: "One of the chosen items is not an optional item of this proposal: reload the page and choose again.",
  expired: "This proposal has expired and can no longer be accepted. Ask the agency for a new one.",
  declined: "This proposal was declined and can no longer be accepted.",
  accepted: "This proposal was already accepted.",
} as const;

export interface Acceptance {
  /** The version the page showed. */
  version: number;
  optionalIds: string[];
  /** The total the page showed, in minor units: checked against the server's. */
  total: number;
  fullName: string;
  consent: boolean;
  /** signature_pad's drawing as SVG path data (optional). */
  drawnSignature?: string | null;
  ip: string;
  userAgent: string;
}

export interface Accepted {
  companyId: string;
  projectId: string;
  invoiceId: string | null;
  documentSha256: string;
}

const MAX_DRAWING = 100_000;

/** What the transaction hands to the work after its commit. */
interface Started {
  notified: string[];
  leadId: string | null;
  /** Who sends the deposit invoice: the proposal's owner, as the agency. */
  sender: Actor;
}

export async function acceptProposal(access: ProposalAccess, proposalId: string, input: Acceptance, now = Date.now()): Promise<Accepted> {
  const fullName = input.fullName.trim();
  if (!fullName || fullName.length > 200) throw new Refusal("invalid", ACCEPT_TEXT.name, { field: "fullName" });
  if (!input.consent) throw new Refusal("invalid", ACCEPT_TEXT.consent, { field: "consent" });
  if (input.drawnSignature && (input.drawnSignature.length > MAX_DRAWING || !/^[\sMLCQZmlcqz0-9.,-]*$/.test(input.drawnSignature)))
    throw new Refusal("invalid", "The drawn signature could not be read: clear it and draw it again, or sign with your typed name.", {
      field: "drawnSignature",
    });
  const today = await agencyToday(now);
  const signerEmail = access.kind === "link" ? access.grant.email : undefined;
  let outcome: Accepted & Started;
  try {
    outcome = await writeTransaction((trx) => accept(trx, access, proposalId, { ...input, fullName }, today, now));
  } catch (error) {
    // The other acceptance of the same person won the race: answer with what it started.
    if (isRefusal(error, "conflict") && error.message === ACCEPT_TEXT.accepted) {
      const done = await alreadyAccepted(proposalId, access, signerEmail);
      if (done) return done;
    }
    throw error;
  }
  notifyMailEnqueued();
  publishNotified(outcome.notified);
  events().publish({ type: "proposal.changed", id: proposalId });
  if (outcome.leadId) events().publish({ type: "quote.changed", id: outcome.leadId });
  projectChanged({ id: outcome.projectId, companyId: outcome.companyId });
  if (outcome.invoiceId) {
    events().publish({ type: "invoice.changed", id: outcome.invoiceId, companyId: outcome.companyId });
    // Filed and mailed after the commit, as every issued invoice is (decision 0087); a failure
    // here leaves the invoice issued, and staff can send it again from its page.
    await sendInvoice(outcome.sender, outcome.invoiceId).catch((error: unknown) =>
      logger.error({ err: error, invoiceId: outcome.invoiceId }, "the deposit invoice of an accepted proposal could not be sent"),
    );
  }
  // Both sides receive the signed PDF with its certificate page; a failure leaves the signature
  // recorded and the PDF downloadable, rendered on demand.
  await deliverSignedProposal(proposalId).catch((error: unknown) =>
    logger.error({ err: error, proposalId }, "the signed proposal could not be filed or mailed"),
  );
  const { notified: _notified, leadId: _leadId, sender: _sender, ...accepted } = outcome;
  return accepted;
}

/** The acceptance already recorded for this person, if it is theirs. */
async function alreadyAccepted(proposalId: string, access: ProposalAccess, linkEmail: string | undefined): Promise<Accepted | null> {
  return writeTransaction(async (trx) => {
    const row = await proposalRow(trx, proposalId);
    const signature = await trx
      .selectFrom("proposalSignatures")
      .select(["signerEmail", "userId", "documentSha256"])
      .where("proposalId", "=", proposalId)
      .where("role", "=", "client")
      .executeTakeFirst();
    if (row.status !== "accepted" || !signature || !row.companyId || !row.projectId) return null;
    const same = access.kind === "member" ? signature.userId === access.userId : signature.signerEmail === linkEmail;
    return same
      ? { companyId: row.companyId, projectId: row.projectId, invoiceId: row.invoiceId, documentSha256: signature.documentSha256 }
      : null;
  });
}

async function accept(
  trx: Trx,
  access: ProposalAccess,
  proposalId: string,
  input: Acceptance,
  today: string,
  now: number,
): Promise<Accepted & Started> {
  const row = await proposalRow(trx, proposalId);
  const allowed =
    access.kind === "member" ? row.companyId !== null && row.companyId === access.companyId : access.grant.proposalId === row.id;
  if (!allowed || row.status === "draft") throw new Refusal("not-found", NO_PROPOSAL);
  if (row.status === "accepted") throw new Refusal("conflict", ACCEPT_TEXT.accepted);
  if (row.status === "declined") throw new Refusal("conflict", ACCEPT_TEXT.declined);
  const latest = await latestVersion(trx, row.id);
  if (!latest) throw new Refusal("not-found", NO_PROPOSAL);
  if (input.version !== latest.number) throw new Refusal("conflict", ACCEPT_TEXT.newer);
  if (isExpired(latest.content, today)) throw new Refusal("gone", ACCEPT_TEXT.expired);
  if (unknownOptionalIds(latest.content, input.optionalIds).length > 0)
    throw new Refusal("invalid", ACCEPT_TEXT.unknownItem, { field: "optionalIds" });
  const optionalIds = [...new Set(input.optionalIds)].sort();
  const totals = proposalTotals(latest.content, optionalIds);
  if (totals.total !== input.total) throw new Refusal("conflict", ACCEPT_TEXT.total);

  // The claim comes first: a concurrent acceptance blocks here until this one commits.
  const claimed = await trx
    .updateTable("proposals")
    .set({ status: "accepted", acceptedAt: now, updatedAt: now, version: row.version + 1 })
    .where("id", "=", row.id)
    .where("status", "in", ["sent", "viewed"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new Refusal("conflict", ACCEPT_TEXT.accepted);

  const signer =
    access.kind === "member"
      ? await trx.selectFrom("users").select(["id", "email", "name"]).where("id", "=", access.userId).executeTakeFirstOrThrow()
      : { id: `proposal-link:${access.grant.linkId}`, email: access.grant.email, name: input.fullName };
  const actor: Actor = { id: signer.id, email: signer.email, name: input.fullName };
  const document = canonicalDocument({
    proposalId: row.id,
    version: latest.number,
    content: latest.content,
    optionalIds,
    total: totals.total,
  });
  const documentSha256 = sha256(document);
  await trx
    .insertInto("proposalSignatures")
    .values({
      id: newId(),
      proposalId: row.id,
      role: "client",
      versionNumber: latest.number,
      signerName: input.fullName,
      signerEmail: signer.email,
      userId: access.kind === "member" ? access.userId : null,
      linkId: access.kind === "link" ? access.grant.linkId : null,
      ip: input.ip.slice(0, 64),
      userAgent: input.userAgent.slice(0, 1000),
      document,
      documentSha256,
      optionalIds: JSON.stringify(optionalIds),
      total: totals.total,
      currency: latest.content.currency,
      drawnSignature: input.drawnSignature || null,
      signedAt: now,
    })
    .execute();

  // The owner may have left the staff since (owner_id keeps no foreign key): then nobody owns it.
  const owner = row.ownerId
    ? await trx.selectFrom("users").select(["id", "email", "name"]).where("id", "=", row.ownerId).executeTakeFirst()
    : undefined;
  const companyId = await companyForSigner(trx, actor, row, signer.email, input.fullName, now);
  const projectId = await startProject(trx, actor, { ...row, companyId, ownerId: owner?.id ?? null }, latest.content, today, now);
  const invoiceId = await issueDeposit(trx, actor, companyId, row, latest.content, totals, signer.email, now);
  await trx.updateTable("proposals").set({ companyId, projectId, invoiceId }).where("id", "=", row.id).execute();
  if (row.leadId) {
    const lead = await trx.selectFrom("quotes").select(["id", "status"]).where("id", "=", row.leadId).executeTakeFirst();
    if (lead) await markLeadWon(trx, actor, lead, companyId, now);
  }
  await recordAudit(
    trx,
    actor,
    {
      action: "proposal.accept",
      entity: "proposal",
      entityId: row.id,
      detail: {
        version: latest.number,
        total: totals.total,
        currency: latest.content.currency,
        documentSha256,
        companyId,
        projectId,
        invoiceId,
      },
    },
    now,
  );
  const staff = [...(owner ? [owner.id] : []), ...(await staffIdsFor(trx, "leads"))];
  const notified = await notify(
    trx,
    staff,
    {
      type: "proposal_decided",
      eventKey: `proposal-accepted:${row.id}`,
      title: `${input.fullName} accepted "${latest.content.title}"`,
      body: `${row.clientName} signed version ${latest.number}.`,
      link: projectLink("staff", projectId),
      actorName: input.fullName,
    },
    { now },
  );
  const sender = owner ?? { id: "system", email: "", name: "Proposal acceptance" };
  return { companyId, projectId, invoiceId, documentSha256, notified, leadId: row.leadId, sender };
}

/**
 * The company the work is for: the proposal's own; for a lead, the company its address already
 * belongs to or the lead was converted to, else a new one with the signer invited as client admin.
 */
async function companyForSigner(
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

async function startProject(
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

async function issueDeposit(
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
