import { proposalTotals, defaultOptionalIds } from "~/lib/proposals";
import { agencyToday } from "~/server/brand/locale.server";
import { db } from "~/server/db/db.server";
import { isExpired, parseContent } from "./proposal-rows.server";

// The portal's read side: a company's proposals (never drafts), and the outcome a decided one
// shows its client (the signature's fingerprint, the project and deposit it started, or why it
// was declined). Callers have already checked the reader may see the proposal.

export interface PortalProposalRow {
  id: string;
  title: string;
  status: string;
  expired: boolean;
  currency: string;
  total: number;
  validUntil: string;
  sentAt: number | null;
}

/** The company's sent proposals, newest first: open ones and past ones alike. */
export async function companyProposals(companyId: string, now = Date.now()): Promise<PortalProposalRow[]> {
  const rows = await db()
    .selectFrom("proposals")
    .select(["id", "status", "sentAt"])
    .where("companyId", "=", companyId)
    .where("status", "!=", "draft")
    .orderBy("sentAt", "desc")
    .limit(200)
    .execute();
  if (rows.length === 0) return [];
  const versions = await db()
    .selectFrom("proposalVersions")
    .select(["proposalId", "number", "content"])
    .where(
      "proposalId",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  const latest = new Map<string, { number: number; content: string }>();
  for (const v of versions) if ((latest.get(v.proposalId)?.number ?? 0) < v.number) latest.set(v.proposalId, v);
  const today = await agencyToday(now);
  return rows.flatMap((row) => {
    const version = latest.get(row.id);
    if (!version) return [];
    const content = parseContent(version.content);
    const open = row.status === "sent" || row.status === "viewed";
    return [
      {
        id: row.id,
        title: content.title,
        status: row.status,
        expired: open && isExpired(content, today),
        currency: content.currency,
        total: proposalTotals(content, defaultOptionalIds(content)).total,
        validUntil: content.validUntil,
        sentAt: row.sentAt === null ? null : Number(row.sentAt),
      },
    ];
  });
}

export interface ProposalOutcome {
  documentSha256: string | null;
  signerName: string | null;
  signedAt: number | null;
  projectId: string | null;
  invoiceId: string | null;
  declineReason: string | null;
  /** Signed by the client, and the agency's countersignature is still to come. */
  awaitingCountersign: boolean;
}

/** What a decided proposal started or why it was declined. */
export async function proposalOutcome(proposalId: string): Promise<ProposalOutcome> {
  const row = await db()
    .selectFrom("proposals")
    .select(["projectId", "invoiceId", "declineReason", "countersign"])
    .where("id", "=", proposalId)
    .executeTakeFirst();
  const signatures = await db()
    .selectFrom("proposalSignatures")
    .select(["role", "documentSha256", "signerName", "signedAt"])
    .where("proposalId", "=", proposalId)
    .execute();
  const signature = signatures.find((s) => s.role === "client");
  return {
    documentSha256: signature?.documentSha256 ?? null,
    signerName: signature?.signerName ?? null,
    signedAt: signature ? Number(signature.signedAt) : null,
    projectId: row?.projectId ?? null,
    invoiceId: row?.invoiceId ?? null,
    declineReason: row?.declineReason ?? null,
    awaitingCountersign: Boolean(signature && Number(row?.countersign)) && !signatures.some((s) => s.role === "staff"),
  };
}
