import type { Actor } from "~/server/auth/actor.server";
import type { Trx } from "~/server/db/db.server";
import { recordAudit } from "../shared/audit.server";

// Decision 0075: a self-registered company nobody named carries its founder's name ("fallback").
// The first company name its client admin gives in their profile names it, once; a name staff,
// an invitation's company or the sign-up form gave is never replaced from a profile.

/**
 * Inside the profile's transaction: renames the actor's company from their profile's company
 * field when it still has its fallback name and they are its client admin. Returns the company's
 * id when renamed (the caller publishes after commit), else null.
 */
export async function nameCompanyFromProfile(trx: Trx, actor: Actor, companyName: string, now = Date.now()): Promise<string | null> {
  const name = companyName.trim();
  if (!name) return null;
  const company = await trx
    .selectFrom("users as u")
    .innerJoin("companies as c", "c.id", "u.companyId")
    .select(["c.id", "c.name", "c.nameOrigin", "u.clientAdmin"])
    .where("u.id", "=", actor.id)
    .executeTakeFirst();
  if (!company || !company.clientAdmin || company.nameOrigin !== "fallback") return null;
  // The condition again in the update: two saves racing rename once.
  const renamed = await trx
    .updateTable("companies")
    .set({ name, nameOrigin: "given", updatedAt: now })
    .where("id", "=", company.id)
    .where("nameOrigin", "=", "fallback")
    .executeTakeFirst();
  if (Number(renamed.numUpdatedRows) === 0) return null;
  await recordAudit(
    trx,
    actor,
    { action: "company.name-from-profile", entity: "company", entityId: company.id, detail: { name: { from: company.name, to: name } } },
    now,
  );
  return company.id;
}
