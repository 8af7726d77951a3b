import type { Kysely } from "kysely";

// Saved replies staff insert into a support reply, with placeholders
// ({client_name}, {company}, {request_subject}) filled from the request (decision 0044).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_replies")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("title", "varchar(120)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("saved_replies_title").on("saved_replies").column("title").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_replies").execute();
}
