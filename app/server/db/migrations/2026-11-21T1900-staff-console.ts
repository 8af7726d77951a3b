import type { Kysely } from "kysely";

// Staff console: an audit log of staff actions, internal notes on leads and
// applications, the history of project progress, and an opening's closing date for JobPosting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("actor_id", "varchar(64)", (c) => c.notNull())
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "varchar(64)", (c) => c.notNull())
    .addColumn("entity", "varchar(32)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(64)", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").column("created_at").execute();
  await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "entity_id"]).execute();

  await db.schema
    .createTable("record_notes")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("entity", "varchar(32)", (c) => c.notNull())
    .addColumn("entity_id", "varchar(64)", (c) => c.notNull())
    .addColumn("author_id", "varchar(64)", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("record_notes_entity").on("record_notes").columns(["entity", "entity_id"]).execute();

  await db.schema
    .createTable("project_progress")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("project_id", "varchar(36)", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("progress", "integer", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("changed_by_name", "text", (c) => c.notNull())
    .addColumn("changed_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("project_progress_project_id").on("project_progress").column("project_id").execute();

  await db.schema.alterTable("job_openings").addColumn("valid_through", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("job_openings").dropColumn("valid_through").execute();
  for (const table of ["project_progress", "record_notes", "audit_log"]) await db.schema.dropTable(table).execute();
}
