import type { ProfileInput } from "~/lib/schemas/profiles";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import type { ProfileTable } from "~/server/db/schema";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { nameCompanyFromProfile } from "../companies/company-naming.server";
import type { Selectable } from "kysely";

export type Profile = Selectable<ProfileTable>;

/** The owner's profile, or undefined when they have not completed it yet. */
export async function getProfile({ ownerId }: { ownerId: string }): Promise<Profile | undefined> {
  return db().selectFrom("profiles").selectAll().where("userId", "=", ownerId).executeTakeFirst();
}

/**
 * Creates or replaces the owner's profile (SPEC §7: "set UserProfiles/{uid}"). The e-mail is the
 * account's, passed by the caller from the session — never from the form. The full name becomes
 * the account's name, the one every page shows (decision 0075), and a company still bearing its
 * fallback name takes the profile's company.
 */
export async function saveProfile(owner: Actor, input: ProfileInput, now = Date.now()): Promise<Profile> {
  const profile: Profile = {
    userId: owner.id,
    fullName: input.fullName,
    phone: input.phone,
    company: input.company ?? "",
    country: input.country ?? "",
    email: owner.email,
    updatedAt: now,
  };
  const { userId: _userId, ...changes } = profile;
  const renamed = await writeTransaction(async (trx) => {
    await trx
      .insertInto("profiles")
      .values(profile)
      .onConflict((oc) => oc.column("userId").doUpdateSet(changes))
      .execute();
    await trx.updateTable("users").set({ name: profile.fullName }).where("id", "=", owner.id).execute();
    return nameCompanyFromProfile(trx, owner, profile.company, now);
  });
  if (renamed) events().publish({ type: "company.changed", id: renamed });
  return profile;
}
