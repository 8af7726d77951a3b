import { sql, type Kysely } from "kysely";

// Retention. A lead's or an application's retention clock starts when it entered
// "lost" / "rejected" / "withdrawn", so each remembers when its status last changed. Existing rows
// take the time of their last status change in the audit log, or their submission time when the
// log has none (decision 0049). Each retention run keeps its own row: a run cut short by a crash
// is finished, and counted, by the next one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("status_changed_at", "bigint").execute();
  await db.schema.alterTable("job_applications").addColumn("stage_changed_at", "bigint").execute();
  await sql`update quotes set status_changed_at = coalesce(
    (select max(a.created_at) from audit_log a where a.entity = 'lead' and a.entity_id = quotes.id and a.action = 'lead.status'),
    submitted_at)`.execute(db);
  await sql`update job_applications set stage_changed_at = coalesce(
    (select max(a.created_at) from audit_log a where a.entity = 'application' and a.entity_id = job_applications.id and a.action = 'application.stage'),
    submitted_at)`.execute(db);
  await db.schema.createIndex("quotes_status_changed").on("quotes").columns(["status", "status_changed_at"]).execute();
  await db.schema.createIndex("job_applications_stage_changed").on("job_applications").columns(["stage", "stage_changed_at"]).execute();

  await db.schema
    .createTable("retention_runs")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    // "schedule" or "manual" (Run now, by an admin).
    .addColumn("trigger", "varchar(20)", (c) => c.notNull())
    .addColumn("actor_id", "varchar(36)")
    .addColumn("started_at", "bigint", (c) => c.notNull())
    // Null while the run is under way, or when it was cut short (the next run finishes it).
    .addColumn("finished_at", "bigint")
    .addColumn("leads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("applications", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("companies", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("files", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("retention_runs_started").on("retention_runs").column("started_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("retention_runs").execute();
  await db.schema.dropIndex("job_applications_stage_changed").execute();
  await db.schema.dropIndex("quotes_status_changed").execute();
  await db.schema.alterTable("job_applications").dropColumn("stage_changed_at").execute();
  await db.schema.alterTable("quotes").dropColumn("status_changed_at").execute();
}
