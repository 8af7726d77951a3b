import { newId } from "~/lib/ids";
import { consoleProposalLink, projectLink } from "~/lib/links";
import { canonicalDocument, proposalTotals, unknownOptionalIds } from "~/lib/proposals";
import { isRefusal, Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { agencyToday } from "~/server/brand/locale.server";
import type { Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { sendInvoice } from "~/server/models/billing/invoice-delivery.server";
import { logger } from "~/server/logger.server";
import { notify, publishNotified, staffIdsFor } from "~/server/models/notifications/notifications.server";
import { markLeadWon } from "~/server/models/pipeline/lead-won.server";
import { projectChanged } from "~/server/models/projects/projects.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import type { ProposalAccess } from "./proposal-client.server";
import { isExpired, latestVersion, NO_PROPOSAL, proposalRow, sha256 } from "./proposal-rows.server";
import { deliverSignedProposal } from "./proposal-signed.server";
import { checkSigning, SIGN_TEXT, type Signing } from "./proposal-signer.server";
import { companyForSigner, issueDeposit, startProject } from "./proposal-start.server";

// Accepting is signing, and it starts the work, in one transaction (decision 0093): the signature
// with the exact document accepted and its SHA-256; for a lead, the client company with the signer
// invited as its client admin (or the company the signer's address already belongs to); the
// project with the phases as milestones; the deposit invoice, issued; the lead marked Won; the
// staff told. The proposal's status moves first and only from sent/viewed, so a second acceptance
// (a double click, another instance) waits for the first and then finds it accepted: it writes
// nothing and answers with what the first one started.

export const ACCEPT_TEXT = {
  name: SIGN_TEXT.name,
  consent: SIGN_TEXT.consent,
  newer: "A newer version of this proposal was sent: read it, then accept that one.",
  total: "The total you saw is not this proposal's total for the items chosen: reload the page and check it again.",
  unknownItem: "One of the chosen items is not an optional item of this proposal: reload the page and choose again.",
  expired: "This proposal has expired and can no longer be accepted. Ask the agency for a new one.",
  declined: "This proposal was declined and can no longer be accepted.",
  accepted: "This proposal was already accepted.",
} as const;

export interface Acceptance extends Signing {
  /** The version the page showed. */
  version: number;
  optionalIds: string[];
  /** The total the page showed, in minor units: checked against the server's. */
  total: number;
}

export interface Accepted {
  companyId: string;
  projectId: string;
  invoiceId: string | null;
  documentSha256: string;
}

/** What the transaction hands to the work after its commit. */
interface Started {
  notified: string[];
  leadId: string | null;
  /** Who sends the deposit invoice: the proposal's owner, as the agency. */
  sender: Actor;
  /** The agency countersigns before the signed PDF goes out. */
  awaitingCountersign: boolean;
}

export async function acceptProposal(access: ProposalAccess, proposalId: string, input: Acceptance, now = Date.now()): Promise<Accepted> {
  const signing = checkSigning(input);
  const today = await agencyToday(now);
  const signerEmail = access.kind === "link" ? access.grant.email : undefined;
  let outcome: Accepted & Started;
  try {
    outcome = await writeTransaction((trx) => accept(trx, access, proposalId, input, signing, today, now));
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
  events().publish({ type: "proposal.changed", id: proposalId, companyId: outcome.companyId });
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
  // Both sides receive the signed PDF with its certificate page (after the agency's countersignature
  // when the proposal asks for one); a failure leaves the signature recorded and the PDF
  // downloadable, rendered on demand.
  if (!outcome.awaitingCountersign)
    await deliverSignedProposal(proposalId).catch((error: unknown) =>
      logger.error({ err: error, proposalId }, "the signed proposal could not be filed or mailed"),
    );
  const { notified: _notified, leadId: _leadId, sender: _sender, awaitingCountersign: _awaiting, ...accepted } = outcome;
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
  signing: ReturnType<typeof checkSigning>,
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
      : { id: `proposal-link:${access.grant.linkId}`, email: access.grant.email, name: signing.signerName };
  const actor: Actor = { id: signer.id, email: signer.email, name: signing.signerName };
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
      signerName: signing.signerName,
      signerEmail: signer.email,
      userId: access.kind === "member" ? access.userId : null,
      linkId: access.kind === "link" ? access.grant.linkId : null,
      ip: signing.ip,
      userAgent: signing.userAgent,
      document,
      documentSha256,
      optionalIds: JSON.stringify(optionalIds),
      total: totals.total,
      currency: latest.content.currency,
      drawnSignature: signing.drawnSignature,
      signedAt: now,
    })
    .execute();

  // The owner may have left the staff since (owner_id keeps no foreign key): then nobody owns it.
  const owner = row.ownerId
    ? await trx.selectFrom("users").select(["id", "email", "name"]).where("id", "=", row.ownerId).executeTakeFirst()
    : undefined;
  const companyId = await companyForSigner(trx, actor, row, signer.email, signing.signerName, now);
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
      title: `${signing.signerName} accepted "${latest.content.title}"`,
      body: row.countersign
        ? `${row.clientName} signed version ${latest.number}. Countersign it to send both sides the signed PDF.`
        : `${row.clientName} signed version ${latest.number}.`,
      link: row.countersign ? consoleProposalLink(row.id) : projectLink("staff", projectId),
      actorName: signing.signerName,
      companyId,
    },
    { now },
  );
  const sender = owner ?? { id: "system", email: "", name: "Proposal acceptance" };
  return {
    companyId,
    projectId,
    invoiceId,
    documentSha256,
    notified,
    leadId: row.leadId,
    sender,
    awaitingCountersign: Boolean(Number(row.countersign)),
  };
}
