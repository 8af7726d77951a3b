import type { Kysely } from "kysely";

// Append-only: never edit a migration after it has landed; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quotes")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("requirement", "text", (c) => c.notNull())
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("status", "varchar(32)", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema.createIndex("quotes_submitted_at").on("quotes").column("submitted_at").execute();

  await db.schema
    .createTable("job_openings")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("salary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("requirements", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("job_applications")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("resume", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("resume_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("resume_type", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("resume_size", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("job_id", "varchar(36)", (c) => c.notNull().references("job_openings.id"))
    .addColumn("submitted_at", "bigint", (c) => c.notNull())
    .addColumn("applied_by", "varchar(64)")
    .addColumn("stage", "varchar(32)", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema.createIndex("job_applications_job_id").on("job_applications").column("job_id").execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("review", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("visible"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("idempotency_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "varchar(300)", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "mail_outbox", "testimonials", "job_applications", "job_openings", "quotes"]) {
    await db.schema.dropTable(table).execute();
  }
}
