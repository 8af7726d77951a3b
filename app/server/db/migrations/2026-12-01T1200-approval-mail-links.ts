import type { Kysely } from "kysely";

// Deciding an approval from its mail (decision 0099): a per-company switch (on unless the agency
// turns it off for a sensitive company) and the links the request mail carries, one per approval
// and member. Only the SHA-256 of a link's random token is stored.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("mail_decisions", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("approval_mail_links")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("approval_id", "varchar(36)", (c) => c.notNull().references("approvals.id").onDelete("cascade"))
    // The member it was mailed to; an erased member's links go with them.
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("approval_mail_links_approval").on("approval_mail_links").column("approval_id").execute();
  await db.schema.createIndex("approval_mail_links_user").on("approval_mail_links").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("approval_mail_links").execute();
  await db.schema.alterTable("companies").dropColumn("mail_decisions").execute();
}
