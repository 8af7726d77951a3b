import { receivesInvoicesOf } from "~/lib/members";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { db, dialectOfDb, type Executor } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import type { WriteOptions } from "./invoices.server";

// Who receives a company's invoices by mail: each member's "receives invoices" choice. Unset
// (null), it follows the member's client-admin flag, so a company's admins get invoices from the
// start and nobody has to be switched on by hand; an explicit choice wins either way.

export interface BillingContact {
  id: string;
  name: string;
  email: string;
  /** Whether the choice is the member's own (else it follows their client-admin flag). */
  chosen: boolean;
}

const truthy = (value: boolean | number | null) => value === true || value === 1;

/** The company's members who receive its invoices. */
export async function billingContacts({ companyId }: { companyId: string }, executor: Executor = db()): Promise<BillingContact[]> {
  const rows = await executor
    .selectFrom("users")
    .select(["id", "name", "email", "clientAdmin", "receivesInvoices"])
    .where("companyId", "=", companyId)
    .where("role", "=", "client")
    .orderBy("email")
    .execute();
  return rows
    .filter((r) => receivesInvoicesOf(r))
    .map((r) => ({ id: r.id, name: r.name, email: r.email, chosen: r.receivesInvoices !== null }));
}

/** Whether a member receives invoices, as shown on the team page. */
export const receivesInvoices = receivesInvoicesOf;

/** Sets a member's choice (staff with billing, or the company's client admin: the route decides). */
export async function setReceivesInvoices(
  actor: Actor,
  { companyId, userId, value }: { companyId: string; userId: string; value: boolean },
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ email: string }> {
  return writeTransaction(async (trx) => {
    const result = await trx
      .updateTable("users")
      // SQLite binds no booleans.
      .set({ receivesInvoices: dialectOfDb(database) === "sqlite" ? Number(value) : value })
      .where("id", "=", userId)
      .where("companyId", "=", companyId)
      .where("role", "=", "client")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Refusal("not-found", "This person is not a member of the company.");
    await recordAudit(
      trx,
      actor,
      { action: "member.receives-invoices", entity: "user", entityId: userId, detail: { companyId, to: value } },
      now,
    );
    const { email } = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    return { email };
  }, database);
}

/** mayUseBilling for the signed-in client, from the flags read with their session (no query). */
export function clientMayUseBilling(client: { clientAdmin: boolean; receivesInvoices: boolean | null }): boolean {
  return client.clientAdmin || receivesInvoicesOf(client);
}

/**
 * Whether a member may use the portal's Billing (decision 0086): the company's client admins, and
 * the members who receive its invoices. Anyone else (or someone not a client of the company) may not.
 */
export async function mayUseBilling(
  { userId, companyId }: { userId: string; companyId: string },
  executor: Executor = db(),
): Promise<boolean> {
  const row = await executor
    .selectFrom("users")
    .select(["clientAdmin", "receivesInvoices"])
    .where("id", "=", userId)
    .where("companyId", "=", companyId)
    .where("role", "=", "client")
    .executeTakeFirst();
  return row !== undefined && (truthy(row.clientAdmin) || receivesInvoices(row));
}
