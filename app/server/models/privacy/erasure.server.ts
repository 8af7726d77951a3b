import { sql, type Transaction } from "kysely";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { db, dialectOfDb, type Trx } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { eraseCompany, companyStoredKeys } from "./erasure-company.server";
import { deleteStoredAfterCommit, noteStoredBeforeCommit } from "./erasure-files.server";
import { eraseClientUser } from "./erasure-people.server";
import { eraseApplication, eraseLead } from "./erasure-records.server";

// Decision 0048: erasure of a lead, an application, a client user or a whole
// company, by an admin from the console or by the retention job. One transaction removes or
// anonymises the rows and scrubs the person from the rows that quote them; the stored bytes go
// after the commit (erasure-files.server.ts). The audit row keeps who, when, and what kind/id.

export { deleteStoredAfterCommit } from "./erasure-files.server";
export { ERASED, erasedEmail } from "./erasure-traces.server";

export type ErasureMode = "delete" | "anonymise";
export type ErasureKind = "lead" | "application" | "client_user" | "company";
export const ERASURE_KINDS: readonly ErasureKind[] = ["lead", "application", "client_user", "company"];

type Target = { kind: ErasureKind; id: string };

const ERASERS = { lead: eraseLead, application: eraseApplication, client_user: eraseClientUser, company: eraseCompany };

/**
 * Erases inside trx; returns the storage keys to delete after commit. No audit row (callers audit).
 * `found` stays a plain value: the retention job erases many records in one run, and one already
 * gone must not roll the others back. Only `erase` below, the seam to a route, refuses.
 */
export async function eraseInTransaction(
  trx: Trx,
  target: Target,
  mode: ErasureMode,
  _now?: number,
): Promise<{ found: boolean; storageKeys: string[] }> {
  const outcome = await ERASERS[target.kind](trx, target.id, mode);
  if (outcome.found) await compactSearchIndex(trx);
  return { found: outcome.found, storageKeys: [...new Set(outcome.storageKeys)] };
}

/** The keys the erasure is about to free, read before its transaction so they can be noted first. */
async function keysBefore(target: Target): Promise<string[]> {
  const applications = db().selectFrom("jobApplications").select("resume").where("resume", "!=", "");
  if (target.kind === "company") {
    const members = db().selectFrom("users").select("id").where("companyId", "=", target.id);
    const resumes = await applications.where("appliedBy", "in", members).execute();
    return [...(await companyStoredKeys(db(), target.id)), ...resumes.map((a) => a.resume)];
  }
  if (target.kind === "application") return (await applications.where("id", "=", target.id).execute()).map((a) => a.resume);
  if (target.kind === "client_user") return (await applications.where("appliedBy", "=", target.id).execute()).map((a) => a.resume);
  return [];
}

/**
 * Admin erasure: transaction + one audit row + file deletes after commit (crash-safe intent).
 * Throws not-found when there is no such record (or a staff account asked for as a client user).
 */
export async function erase(actor: Actor, target: Target, mode: ErasureMode, now = Date.now()): Promise<void> {
  const intent = await noteStoredBeforeCommit(await keysBefore(target));
  let outcome: { found: boolean; storageKeys: string[]; userIds: string[] };
  try {
    outcome = await writeTransaction(async (trx) => {
      const userIds = await affectedUsers(trx, target);
      const erased = await eraseInTransaction(trx, target, mode, now);
      if (erased.found)
        await recordAudit(trx, actor, { action: `erasure.${mode}`, entity: target.kind, entityId: target.id, detail: {} }, now);
      return { ...erased, userIds };
    });
  } catch (error) {
    await intent.clear();
    throw error;
  }
  await deleteStoredAfterCommit(outcome.storageKeys, intent);
  if (!outcome.found) throw new Refusal("not-found", "This record does not exist.");
  // Open console pages refresh; the erased people's portal pages and streams end on every instance.
  if (target.kind === "lead") events().publish({ type: "quote.changed", id: target.id });
  if (target.kind === "application") events().publish({ type: "application.changed", id: target.id });
  for (const userId of outcome.userIds) events().publish({ type: "client.access-changed", userId });
}

async function affectedUsers(trx: Trx, target: Target): Promise<string[]> {
  if (target.kind === "client_user") return [target.id];
  if (target.kind !== "company") return [];
  return (await trx.selectFrom("users").select("id").where("companyId", "=", target.id).execute()).map((u) => u.id);
}

// The search documents follow their rows by trigger, but an FTS5
// index only marks a deleted document's terms as deleted until its segments are merged; an erasure
// merges them at once so no term of the person is left in the index's own tables. PostgreSQL's
// generated tsvector column has no such remainder.

const SEARCH_INDEX_KINDS = ["complaint", "lead", "application", "client"] as const;

async function compactSearchIndex(trx: Transaction<Database>): Promise<void> {
  if (dialectOfDb(trx) === "postgres") return;
  for (const kind of SEARCH_INDEX_KINDS) {
    const index = sql.table(`search_index_${kind}`);
    await sql`insert into ${index} (${index}) values ('optimize')`.execute(trx);
  }
}
