import { displayName } from "~/lib/people";
import { receivesInvoicesOf, type Teammate } from "~/lib/members";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { recordAudit } from "../shared/audit.server";
import { Refusal } from "~/lib/refusal";

// A company's people, as its members see them on the portal's Team page. Every
// query is scoped by the company, so another company's member is "not found".

export async function listTeammates({ companyId }: { companyId: string }): Promise<Teammate[]> {
  const rows = await db()
    .selectFrom("users as u")
    .select(["u.id", "u.name", "u.email", "u.clientAdmin", "u.receivesInvoices"])
    .where("u.companyId", "=", companyId)
    .where("u.role", "=", "client")
    .orderBy("u.email")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: displayName(r),
    email: r.email,
    clientAdmin: Boolean(r.clientAdmin),
    receivesInvoices: receivesInvoicesOf(r),
  }));
}

/**
 * A client admin removes a teammate: the teammate's account goes (user, profile, sessions; sign-in
 * accounts, passkeys and two-factor by cascade), in one transaction, audited. The company's projects
 * and requests stay: they belong to the company. Their open streams end on the event, at once.
 * Returns the removed address; a person who is not a member of this company is refused as not found.
 */
export async function removeTeammate(actor: Actor & { companyId: string }, { id }: { id: string }): Promise<string> {
  if (id === actor.id)
    throw new Refusal("conflict", "You cannot remove yourself. Ask another client admin, or delete your account in Settings.");
  const email = await writeTransaction(async (trx) => {
    const member = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where("id", "=", id)
      .where("companyId", "=", actor.companyId)
      .where("role", "=", "client")
      .executeTakeFirst();
    if (!member) throw new Refusal("not-found", "This person is not on your team.");
    await trx.deleteFrom("profiles").where("userId", "=", id).execute();
    await trx.deleteFrom("sessions").where("userId", "=", id).execute();
    await trx.deleteFrom("calendarFeeds").where("userId", "=", id).execute();
    await trx.deleteFrom("users").where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "client.member-remove",
      entity: "company",
      entityId: actor.companyId,
      detail: { email: member.email, userId: id },
    });
    return member.email;
  });
  events().publish({ type: "client.access-changed", userId: id });
  return email;
}
