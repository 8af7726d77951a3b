import type { Kysely, Selectable, Transaction } from "kysely";
import { newId } from "~/lib/ids";
import { db } from "~/server/db/db.server";
import type { CompanyTable, Database } from "~/server/db/schema";

// Issue 16 (decision 0032): a client is a company; its members are client users with its
// company_id. Projects and support requests are scoped by company (getProject({ id, companyId })).

export type Company = Selectable<CompanyTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export interface CompanyInput {
  name: string;
  website?: string;
  country?: string;
}

/** Inserts a company inside the caller's transaction (console, lead conversion, registration). */
export async function insertCompany(
  executor: Executor,
  input: CompanyInput & { origin: "self" | "staff" },
  now = Date.now(),
): Promise<Company> {
  const company: Company = {
    id: newId(),
    name: input.name.trim(),
    website: input.website?.trim() ?? "",
    country: input.country?.trim() ?? "",
    origin: input.origin,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
  };
  await executor.insertInto("companies").values(company).execute();
  return company;
}

/** Staff only (the caller has passed requireStaff): one company, or undefined. */
export async function getCompany({ id }: { id: string }): Promise<Company | undefined> {
  return db().selectFrom("companies").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface Membership {
  companyId: string;
  clientAdmin: boolean;
  closed: boolean;
}

/** The company a client user belongs to, or null (staff; or a client registered a moment ago). */
export async function membershipOf(userId: string, executor: Executor = db()): Promise<Membership | null> {
  const row = await executor
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.companyId")
    .select(["u.companyId", "u.clientAdmin", "c.closedAt"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row?.companyId) return null;
  return { companyId: row.companyId, clientAdmin: Boolean(row.clientAdmin), closed: row.closedAt !== null };
}

/**
 * A self-registered client's company (SPEC journey: register, then use the portal): made on first
 * need, named after the profile's company, else the person's name, with them as its client admin.
 * Idempotent under concurrent calls: the update only takes a user still without a company, and
 * whoever loses the race deletes the company it made.
 */
export async function ensureOwnCompany(user: { id: string; name: string }, now = Date.now()): Promise<Membership> {
  const existing = await membershipOf(user.id);
  if (existing) return existing;
  return db()
    .transaction()
    .execute(async (trx) => {
      const profile = await trx.selectFrom("profiles").select(["company", "fullName", "country"]).where("userId", "=", user.id).executeTakeFirst();
      const name = profile?.company.trim() || profile?.fullName.trim() || user.name.trim() || "Client";
      const company = await insertCompany(trx, { name, country: profile?.country ?? "", origin: "self" }, now);
      const taken = await trx
        .updateTable("users")
        .set({ companyId: company.id, clientAdmin: true })
        .where("id", "=", user.id)
        .where("companyId", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        await trx.deleteFrom("companies").where("id", "=", company.id).execute();
        const other = await membershipOf(user.id, trx);
        if (!other) throw new Error("client has no company and none could be made");
        return other;
      }
      return { companyId: company.id, clientAdmin: true, closed: false };
    });
}
