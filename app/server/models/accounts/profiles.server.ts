import type { ProfileInput } from "~/lib/schemas/profiles";
import { db } from "~/server/db/db.server";
import type { ProfileTable } from "~/server/db/schema";
import type { Selectable } from "kysely";

export type Profile = Selectable<ProfileTable>;

/** The owner's profile, or undefined when they have not completed it yet. */
export async function getProfile({ ownerId }: { ownerId: string }): Promise<Profile | undefined> {
  return db().selectFrom("profiles").selectAll().where("userId", "=", ownerId).executeTakeFirst();
}

/**
 * Creates or replaces the owner's profile (SPEC §7: "set UserProfiles/{uid}"). The e-mail is the
 * account's, passed by the caller from the session — never from the form.
 */
export async function saveProfile(
  { ownerId, email }: { ownerId: string; email: string },
  input: ProfileInput,
  now = Date.now(),
): Promise<Profile> {
  const profile: Profile = {
    userId: ownerId,
    fullName: input.fullName,
    phone: input.phone,
    company: input.company ?? "",
    country: input.country ?? "",
    email,
    updatedAt: now,
  };
  const { userId: _userId, ...changes } = profile;
  await db()
    .insertInto("profiles")
    .values(profile)
    .onConflict((oc) => oc.column("userId").doUpdateSet(changes))
    .execute();
  return profile;
}
