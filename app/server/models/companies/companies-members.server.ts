import { displayName } from "~/lib/people";
import { receivesInvoicesOf, type CompanyMember } from "~/lib/members";
import { Refusal } from "~/lib/refusal";
import type { Actor } from "~/server/auth/actor.server";
import { currentDialect, db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";

// Decision 0033: a company's members as staff see them on the company page, and
// the two things staff change about one. Every query is scoped by the company.

export async function listMembers({ companyId }: { companyId: string }): Promise<CompanyMember[]> {
  const rows = await db()
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.userId", "u.id")
    .select(["u.id", "u.email", "u.name", "p.fullName", "u.clientAdmin", "u.receivesInvoices", "u.lastSignInAt", "u.createdAt"])
    .where("u.companyId", "=", companyId)
    .orderBy("u.createdAt")
    .orderBy("u.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: displayName(r),
    fullName: r.fullName,
    clientAdmin: Boolean(r.clientAdmin),
    receivesInvoices: receivesInvoicesOf(r),
    lastSignInAt: r.lastSignInAt === null ? null : Number(r.lastSignInAt),
    createdAt: new Date(r.createdAt).getTime(),
  }));
}

/** Switches a member's client admin flag; refused as not found when they are not a member of this company. */
export async function setClientAdmin(
  actor: Actor,
  where: { companyId: string; userId: string },
  clientAdmin: boolean,
): Promise<{ email: string; changed: boolean }> {
  return writeTransaction(async (trx) => {
    const member = await trx
      .selectFrom("users")
      .select(["email", "clientAdmin"])
      .where("id", "=", where.userId)
      .where("companyId", "=", where.companyId)
      .executeTakeFirst();
    if (!member) throw new Refusal("not-found", "This person is not a member of this company.");
    if (Boolean(member.clientAdmin) === clientAdmin) return { email: member.email, changed: false };
    const value = currentDialect() === "sqlite" ? Number(clientAdmin) : clientAdmin;
    await trx.updateTable("users").set({ clientAdmin: value }).where("id", "=", where.userId).execute();
    await recordAudit(trx, actor, {
      action: "company.member-admin",
      entity: "company",
      entityId: where.companyId,
      detail: { userId: where.userId, email: member.email, from: Boolean(member.clientAdmin), to: clientAdmin },
    });
    return { email: member.email, changed: true };
  });
}

/**
 * Removes a member: their account goes (user row, profile and sessions here; sign-in accounts,
 * passkeys and two-factor rows by cascade), in one audited transaction. What they made for the
 * company stays with it (projects.created_by and complaints.created_by are set null by the
 * database). Their open streams end on every instance. Refused as not found when they are not (or
 * no longer) a member.
 */
export async function removeMember(actor: Actor, where: { companyId: string; userId: string }): Promise<{ email: string }> {
  const removed = await writeTransaction(async (trx) => {
    const member = await trx
      .selectFrom("users")
      .select(["email", "name"])
      .where("id", "=", where.userId)
      .where("companyId", "=", where.companyId)
      .executeTakeFirst();
    if (!member) throw new Refusal("not-found", "This person is no longer a member.");
    await trx.deleteFrom("profiles").where("userId", "=", where.userId).execute();
    await trx.deleteFrom("sessions").where("userId", "=", where.userId).execute();
    await trx.deleteFrom("calendarFeeds").where("userId", "=", where.userId).execute();
    await trx.deleteFrom("users").where("id", "=", where.userId).execute();
    await recordAudit(trx, actor, {
      action: "company.member-remove",
      entity: "company",
      entityId: where.companyId,
      detail: { userId: where.userId, email: member.email, name: member.name },
    });
    return { email: member.email };
  });
  events().publish({ type: "client.access-changed", userId: where.userId });
  return removed;
}
