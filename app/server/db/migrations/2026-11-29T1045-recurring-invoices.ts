import type { Kysely } from "kysely";

// Retainers (issue 29, part 5): an invoice a company gets every month or quarter, written from a
// template on its day by the daily billing run, as a draft or issued and sent at once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("recurring_invoices")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("company_id", "varchar(36)", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    // JSON of the draft's fields (currency, lines, terms…), as the draft form saves them.
    .addColumn("template", "text", (c) => c.notNull())
    // monthly | quarterly
    .addColumn("interval", "varchar(16)", (c) => c.notNull())
    // YYYY-MM-DD in the agency's zone: the next invoice's day; moved on in the run's transaction.
    .addColumn("next_run_on", "varchar(10)", (c) => c.notNull())
    // 1: issued and sent on its day; 0: left as a draft for staff to check.
    .addColumn("auto_issue", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_invoice_id", "varchar(36)")
    .addColumn("created_by", "varchar(255)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recurring_invoices_due").on("recurring_invoices").columns(["active", "next_run_on"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recurring_invoices").execute();
}
