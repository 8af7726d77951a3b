import type { Trx } from "~/server/db/db.server";

// Inbound mail (decisions 0096, 0101), erased with the person who sent it or the company it was
// routed to: the row with its sender, subject and authentication results, and the raw message in
// the store (handed back for deletion after the commit). What it became (a reply, a request, a
// comment, a lead) is erased with those records; the threads our own mails to the person left
// (Message-ID hashes naming them) go with them too.

/** Deletes the rows and hands back their raw messages' keys. */
async function deleteRows(trx: Trx, rows: { id: string; rawKey: string }[]): Promise<string[]> {
  if (rows.length > 0)
    await trx
      .deleteFrom("inboundMessages")
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .execute();
  return rows.map((r) => r.rawKey);
}

/** Mail from `email`, wherever it was routed; the raw messages' keys. */
export async function eraseInboundFrom(trx: Trx, email: string): Promise<string[]> {
  const rows = await trx.selectFrom("inboundMessages").select(["id", "rawKey"]).where("fromAddress", "=", email.toLowerCase()).execute();
  return deleteRows(trx, rows);
}

/** The reply threads of mails sent to a member. */
export async function eraseMailThreadsOf(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom("mailThreads").where("userId", "=", userId).execute();
  await trx.deleteFrom("projectMailThreads").where("userId", "=", userId).execute();
}

/** Mail routed to a company's requests or projects, whoever sent it; the raw messages' keys. */
export async function eraseInboundOfCompany(trx: Trx, complaintIds: string[], projectIds: string[]): Promise<string[]> {
  if (complaintIds.length === 0 && projectIds.length === 0) return [];
  const rows = await trx
    .selectFrom("inboundMessages")
    .select(["id", "rawKey"])
    .where((eb) =>
      eb.or([
        ...(complaintIds.length > 0 ? [eb("complaintId", "in", complaintIds)] : []),
        ...(projectIds.length > 0 ? [eb("projectId", "in", projectIds)] : []),
      ]),
    )
    .execute();
  if (complaintIds.length > 0) await trx.deleteFrom("mailThreads").where("complaintId", "in", complaintIds).execute();
  if (projectIds.length > 0) await trx.deleteFrom("projectMailThreads").where("projectId", "in", projectIds).execute();
  return deleteRows(trx, rows);
}

/**
 * Retention: removes an inbound message's original — the raw message in the store (its key handed
 * back for deletion after the commit), its sender, subject, authentication results and refused
 * files' names. The row stays with its Message-ID, so a replay of that mail is still recognised
 * and gets nothing. Null when it is gone or was purged already.
 */
export async function purgeInboundOriginal(trx: Trx, id: string, now: number): Promise<string[] | null> {
  const row = await trx.selectFrom("inboundMessages").select(["rawKey", "purgedAt"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.purgedAt !== null) return null;
  await trx
    .updateTable("inboundMessages")
    .set({
      rawKey: "",
      fromAddress: null,
      subject: null,
      authResults: null,
      refusedFiles: null,
      reason: null,
      purgedAt: now,
      updatedAt: now,
    })
    .where("id", "=", id)
    .execute();
  return row.rawKey ? [row.rawKey] : [];
}
