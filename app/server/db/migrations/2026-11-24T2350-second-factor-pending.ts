import type { Kysely } from "kysely";

// Two-factor step-up after Google sign-in (decision 0029): a session the OAuth callback
// opened for an account with two-factor on waits here for its code. Null or false: a full session.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("second_factor_pending", "boolean").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("second_factor_pending").execute();
}
