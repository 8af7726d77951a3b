import { newId } from "~/lib/ids";
import { fallbackCompanyName } from "~/lib/people";
import { db, type Executor } from "~/server/db/db.server";
import { dbBool } from "~/server/db/boolean.server";
import { companyResource } from "~/lib/api/resources";
import { writeWebhookEvent } from "~/server/webhooks/outbox.server";

// Decision 0032: which company a client speaks for. Part of the session guard
// (requireClient), so it sits with auth, below the models.

export interface Membership {
  companyId: string;
  clientAdmin: boolean;
  /** Their own "receives invoices" choice (null: it follows clientAdmin; lib/members.ts). */
  receivesInvoices: boolean | null;
  closed: boolean;
}

/** The company a client user belongs to, or null (staff; or a client registered a moment ago). */
export async function membershipOf(userId: string, executor: Executor = db()): Promise<Membership | null> {
  const row = await executor
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.companyId")
    .select(["u.companyId", "u.clientAdmin", "u.receivesInvoices", "c.closedAt"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row?.companyId) return null;
  const receivesInvoices = row.receivesInvoices === null ? null : Boolean(row.receivesInvoices);
  return { companyId: row.companyId, clientAdmin: Boolean(row.clientAdmin), receivesInvoices, closed: row.closedAt !== null };
}

/**
 * A self-registered client's own company, with them as its client admin: made at sign-up, or on
 * first need for an account that has none. Named as they named it at sign-up or in their profile;
 * otherwise after them, marked "fallback" so their profile's company field names it later
 * (decision 0075). Safe under concurrent calls: the update takes only a user still without a
 * company, and whoever loses the race deletes the company it made and reads the winner's.
 */
export async function ensureOwnCompany(
  user: { id: string; name: string; email?: string },
  companyName?: string,
  now = Date.now(),
): Promise<Membership> {
  const existing = await membershipOf(user.id);
  if (existing) return existing;
  return db()
    .transaction()
    .execute(async (trx) => {
      const profile = await trx
        .selectFrom("profiles")
        .select(["company", "fullName", "country"])
        .where("userId", "=", user.id)
        .executeTakeFirst();
      const given = companyName?.trim() || profile?.company.trim();
      const founder = { name: profile?.fullName.trim() || user.name, email: user.email ?? "" };
      const id = newId();
      const company = {
        id,
        name: given || fallbackCompanyName(founder),
        nameOrigin: given ? "given" : "fallback",
        website: "",
        country: profile?.country.trim() ?? "",
        origin: "self",
        createdAt: now,
        updatedAt: now,
        closedAt: null,
      };
      await trx.insertInto("companies").values(company).execute();
      const taken = await trx
        .updateTable("users")
        .set({ companyId: id, clientAdmin: dbBool(true) })
        .where("id", "=", user.id)
        .where("companyId", "is", null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        await trx.deleteFrom("companies").where("id", "=", id).execute();
        const other = await membershipOf(user.id, trx);
        if (!other) throw new Error("client has no company and none could be made");
        return other;
      }
      // Webhooks hear of a company registered at /login as of one made by staff (decision 0103).
      await writeWebhookEvent(trx, { type: "company.created", data: async () => companyResource({ ...company, mailDecisions: 1 }) }, now);
      return { companyId: id, clientAdmin: true, receivesInvoices: null, closed: false };
    });
}
