import { db } from "~/server/db/db.server";
import { fileStore } from "~/server/storage/storage.server";
import type { ExportFile } from "./data-export-projects.server";

// The proposals half of "Download my data": what the agency sent the company (never drafts, which
// were never sent), each version as the client saw it, what happened to it, the signatures with
// their trail (the agency's own signer's IP address and browser are the agency's, not the
// client's, so they stay out), and the signed PDF the client was mailed.

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function exportProposals(companyId: string): Promise<{ proposals: unknown[]; stored: ExportFile[] }> {
  const proposals = await db()
    .selectFrom("proposals")
    .select(["id", "clientName", "clientEmail", "status", "sentAt", "acceptedAt", "declinedAt", "declineReason", "signedPdfKey"])
    .where("companyId", "=", companyId)
    .where("status", "!=", "draft")
    .orderBy("sentAt")
    .orderBy("id")
    .execute();
  const ids = proposals.map((p) => p.id);
  const [versions, signatures] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db()
            .selectFrom("proposalVersions")
            .select(["proposalId", "number", "content", "contentSha256", "sentAt"])
            .where("proposalId", "in", ids)
            .orderBy("number")
            .execute(),
          db()
            .selectFrom("proposalSignatures")
            .select(["proposalId", "role", "versionNumber", "signerName", "signerEmail", "ip", "userAgent", "documentSha256"])
            .select(["optionalIds", "total", "currency", "signedAt"])
            .where("proposalId", "in", ids)
            .orderBy("signedAt")
            .execute(),
        ]);
  const stored: ExportFile[] = [];
  for (const proposal of proposals) {
    if (!proposal.signedPdfKey) continue;
    const stat = await fileStore().stat(proposal.signedPdfKey);
    if (stat)
      stored.push({
        path: `files/proposals/${proposal.id}-signed.pdf`,
        key: proposal.signedPdfKey,
        size: stat.size,
        modifiedAt: Number(proposal.acceptedAt ?? 0),
      });
  }
  return {
    proposals: proposals.map(({ signedPdfKey: _key, sentAt, acceptedAt, declinedAt, ...proposal }) => ({
      ...proposal,
      sentAt: iso(sentAt),
      acceptedAt: iso(acceptedAt),
      declinedAt: iso(declinedAt),
      versions: versions
        .filter((v) => v.proposalId === proposal.id)
        .map((v) => ({
          number: v.number,
          sentAt: iso(v.sentAt),
          contentSha256: v.contentSha256,
          content: JSON.parse(v.content) as unknown,
        })),
      signatures: signatures
        .filter((s) => s.proposalId === proposal.id)
        .map(({ proposalId: _id, ip, userAgent, optionalIds, signedAt, ...s }) => ({
          ...s,
          ...(s.role === "client" ? { ip, userAgent } : {}),
          optionalIds: JSON.parse(optionalIds) as unknown,
          signedAt: iso(signedAt),
        })),
    })),
    stored,
  };
}
