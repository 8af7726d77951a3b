import type { Kysely } from "kysely";

// A person's own time zone (IANA name or "UTC"): every date on their pages and in their mails is
// shown in it. Null until their browser tells it (or they choose one): the agency's zone meanwhile.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("time_zone", "varchar(64)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
