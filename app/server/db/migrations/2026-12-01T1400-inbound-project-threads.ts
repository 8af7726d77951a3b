import type { Kysely } from "kysely";

// Decision 0101: replies to project and approval mails become comments on the project's timeline.
// The outgoing mails a reply may answer are kept by the hash of their Message-ID with the project
// and recipient (as mail_threads keeps a request's), and an inbound message names the project its
// comment went to.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("project_mail_threads")
    .addColumn("message_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull())
    .addColumn("user_id", "varchar(36)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("project_mail_threads_project").on("project_mail_threads").column("project_id").execute();
  await db.schema.alterTable("inbound_messages").addColumn("project_id", "varchar(36)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("inbound_messages").dropColumn("project_id").execute();
  await db.schema.dropTable("project_mail_threads").execute();
}
