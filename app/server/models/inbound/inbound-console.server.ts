import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { Refusal } from "~/lib/refusal";
import type { InboundStatus } from "~/server/db/schema";
import { recordAudit } from "../shared/audit.server";

// Decision 0097: what admins see of inbound mail, and "Try again". Sender addresses and subjects
// are shown; the text is not (it is the client's, and reaches the desk when routed).

export interface InboundListItem {
  id: string;
  receivedAt: number;
  fromAddress: string | null;
  subject: string | null;
  status: InboundStatus;
  reason: string | null;
  attempts: number;
  complaintId: string | null;
  projectId: string | null;
  refusedFiles: { name: string; reason: string }[];
  auth: { spf: string; dkim: string; dmarc: string } | null;
  /** When retention removed its original (then nothing can be tried again or assigned). */
  purgedAt: number | null;
}

/** Retry and assign both need the original, which retention may have removed. */
export const PURGED_ORIGINAL = "The original of this mail was removed by Data retention; it cannot be processed again.";

export const INBOUND_FILTERS = ["all", "held", "failed", "ignored", "routed"] as const;
export type InboundFilter = (typeof INBOUND_FILTERS)[number];

/** The newest messages first, up to `limit`, optionally of one status. */
export async function listInbound({ status, limit = 100 }: { status?: InboundStatus; limit?: number } = {}): Promise<InboundListItem[]> {
  let query = db()
    .selectFrom("inboundMessages")
    .select([
      "id",
      "receivedAt",
      "fromAddress",
      "subject",
      "status",
      "reason",
      "attempts",
      "complaintId",
      "projectId",
      "refusedFiles",
      "authResults",
      "purgedAt",
    ])
    .orderBy("receivedAt", "desc")
    .orderBy("id")
    .limit(limit);
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  return rows.map(({ refusedFiles, authResults, ...row }) => ({
    ...row,
    receivedAt: Number(row.receivedAt),
    attempts: Number(row.attempts),
    purgedAt: row.purgedAt === null ? null : Number(row.purgedAt),
    refusedFiles: refusedFiles ? (JSON.parse(refusedFiles) as InboundListItem["refusedFiles"]) : [],
    auth: authResults ? (JSON.parse(authResults) as InboundListItem["auth"]) : null,
  }));
}

/**
 * Puts a held or failed message back in the queue with fresh attempts (audited): it is processed
 * again from its stored bytes, e.g. after the sender was added to their company. Routed and
 * ignored messages are not retried; an unknown id is not found.
 */
export async function retryInbound(actor: Actor, id: string, now = Date.now()): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("inboundMessages").select(["status", "purgedAt"]).where("id", "=", id).executeTakeFirst();
      if (!row) throw new Refusal("not-found", "This message is no longer here.");
      if (row.purgedAt !== null) throw new Refusal("conflict", PURGED_ORIGINAL);
      if (row.status !== "held" && row.status !== "failed")
        throw new Refusal("conflict", `Only held or failed messages can be tried again; this one is ${row.status}.`);
      await trx
        .updateTable("inboundMessages")
        .set({ status: "stored", attempts: 0, nextAttemptAt: now, lockedUntil: 0, updatedAt: now })
        .where("id", "=", id)
        .execute();
      await recordAudit(
        trx,
        actor,
        { action: "inbound.retry", entity: "inbound_message", entityId: id, detail: { from: row.status } },
        now,
      );
    });
}

/** Decision 0101: the companies a held message may be assigned to, by name. */
export async function companyChoices(): Promise<{ id: string; name: string }[]> {
  return db().selectFrom("companies").select(["id", "name"]).orderBy("name").orderBy("id").limit(1000).execute();
}

/**
 * Decision 0101: the files refused from the e-mails routed to one request, for the desk to see
 * beside it (the sender was told by mail), oldest message first.
 */
export async function refusedFilesFor(complaintId: string): Promise<{ receivedAt: number; name: string; reason: string }[]> {
  const rows = await db()
    .selectFrom("inboundMessages")
    .select(["receivedAt", "refusedFiles"])
    .where("complaintId", "=", complaintId)
    .where("status", "=", "routed")
    .where("refusedFiles", "is not", null)
    .orderBy("receivedAt")
    .execute();
  return rows.flatMap((row) =>
    (JSON.parse(row.refusedFiles!) as { name: string; reason: string }[]).map((file) => ({ receivedAt: Number(row.receivedAt), ...file })),
  );
}
