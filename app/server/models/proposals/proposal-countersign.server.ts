import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { proposalRow } from "./proposal-rows.server";
import { deliverSignedProposal } from "./proposal-signed.server";
import { checkSigning, type Signing } from "./proposal-signer.server";

// The agency's countersignature, when a proposal asks for one (decision 0093): after the client
// has signed, a member of staff with Leads signs the very document the client signed (the same
// canonical text and SHA-256). The client's acceptance has already started the work; what waits
// for the countersignature is the signed PDF, which both sides then receive with both
// signatures on its certificate page.

export const COUNTERSIGN_TEXT = {
  notAsked: "This proposal does not ask for our countersignature.",
  notSigned: "The client has not signed this proposal yet: it can be countersigned once they have.",
  done: "This proposal is already countersigned.",
} as const;

export async function countersignProposal(actor: Actor, proposalId: string, input: Signing, now = Date.now()): Promise<void> {
  const signing = checkSigning(input);
  const companyId = await writeTransaction(async (trx) => {
    const row = await proposalRow(trx, proposalId);
    if (!Number(row.countersign)) throw new Refusal("conflict", COUNTERSIGN_TEXT.notAsked);
    if (row.status !== "accepted") throw new Refusal("conflict", COUNTERSIGN_TEXT.notSigned);
    // The claim: a concurrent countersignature waits here, then finds the version moved on.
    const claimed = await trx
      .updateTable("proposals")
      .set({ version: row.version + 1, updatedAt: now })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new Refusal("conflict", COUNTERSIGN_TEXT.done);
    const signatures = await trx.selectFrom("proposalSignatures").selectAll().where("proposalId", "=", row.id).execute();
    const client = signatures.find((s) => s.role === "client");
    if (!client) throw new Refusal("conflict", COUNTERSIGN_TEXT.notSigned);
    if (signatures.some((s) => s.role === "staff")) throw new Refusal("conflict", COUNTERSIGN_TEXT.done);
    await trx
      .insertInto("proposalSignatures")
      .values({
        id: newId(),
        proposalId: row.id,
        role: "staff",
        versionNumber: client.versionNumber,
        signerName: signing.signerName,
        signerEmail: actor.email,
        userId: actor.id,
        linkId: null,
        ip: signing.ip,
        userAgent: signing.userAgent,
        document: client.document,
        documentSha256: client.documentSha256,
        optionalIds: client.optionalIds,
        total: client.total,
        currency: client.currency,
        drawnSignature: signing.drawnSignature,
        signedAt: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "proposal.countersign",
        entity: "proposal",
        entityId: row.id,
        detail: { version: client.versionNumber, documentSha256: client.documentSha256, signerName: signing.signerName },
      },
      now,
    );
    return row.companyId;
  });
  events().publish({ type: "proposal.changed", id: proposalId, companyId });
  // Both sides now receive the signed PDF, with both signatures; a failure leaves it downloadable.
  await deliverSignedProposal(proposalId, now).catch((error: unknown) =>
    logger.error({ err: error, proposalId }, "the countersigned proposal could not be filed or mailed"),
  );
}
