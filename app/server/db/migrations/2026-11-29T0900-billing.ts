import type { Kysely } from "kysely";

// Issue 29, decisions 0081 (money) and 0082 (numbering): invoices and credit notes, their lines,
// the number counters and the payments. Amounts are integers in the currency's minor unit
// (bigint: up to Number.MAX_SAFE_INTEGER). Actor columns carry no foreign key, as in audit_log:
// an invoice is kept for the legal period whoever leaves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invoices")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("kind", "varchar(16)", (c) => c.notNull()) // invoice | credit-note
    .addColumn("company_id", "varchar(36)", (c) => c.notNull().references("companies.id"))
    // draft | issued | sent | viewed | partially-paid | paid | void ("overdue" is derived)
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("number", "varchar(64)", (c) => c.unique())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("issue_date", "varchar(10)") // YYYY-MM-DD in the agency's zone
    .addColumn("due_date", "varchar(10)")
    .addColumn("net_days", "integer", (c) => c.notNull())
    .addColumn("discount_bp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("terms", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tax_note", "varchar(16)") // reverse-charge | zero-rated
    // The client as billed: typed on the draft, frozen with the rest at issue.
    .addColumn("client_tax_id", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("billing_name", "text", (c) => c.notNull())
    .addColumn("billing_address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("billing_email", "text", (c) => c.notNull().defaultTo(""))
    // The agency as it stood at issue (JSON: name, address lines, e-mail, tax id, bank details).
    .addColumn("agency_snapshot", "text")
    .addColumn("subtotal", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("discount", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("tax_total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("paid", "bigint", (c) => c.notNull().defaultTo(0))
    // What credit notes took off an invoice (positive), 0 on a credit note.
    .addColumn("credited", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("corrects_invoice_id", "varchar(36)", (c) => c.references("invoices.id"))
    .addColumn("void_reason", "text")
    .addColumn("voided_at", "bigint")
    .addColumn("voided_by", "varchar(64)")
    .addColumn("issued_at", "bigint")
    .addColumn("issued_by", "varchar(64)")
    .addColumn("sent_at", "bigint")
    .addColumn("viewed_at", "bigint")
    .addColumn("pdf_file_key", "text")
    .addColumn("pdf_sha256", "varchar(64)")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoices_company").on("invoices").columns(["company_id", "created_at"]).execute();
  await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "due_date"]).execute();
  await db.schema.createIndex("invoices_corrects").on("invoices").column("corrects_invoice_id").execute();

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("invoice_id", "varchar(36)", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity_milli", "bigint", (c) => c.notNull())
    .addColumn("unit_price", "bigint", (c) => c.notNull())
    .addColumn("tax_rate_bp", "integer", (c) => c.notNull())
    .addColumn("net", "bigint", (c) => c.notNull())
    .addColumn("tax", "bigint", (c) => c.notNull())
    .addColumn("project_id", "varchar(36)", (c) => c.references("projects.id").onDelete("set null"))
    .addColumn("milestone_id", "varchar(36)", (c) => c.references("milestones.id").onDelete("set null"))
    // On a credit note: the invoice line it takes back.
    .addColumn("corrects_line_id", "varchar(36)", (c) => c.references("invoice_lines.id"))
    .execute();
  await db.schema.createIndex("invoice_lines_invoice").on("invoice_lines").columns(["invoice_id", "position"]).unique().execute();

  // Decision 0082: one row per series ("invoice:INV-2026-{n}"), the next number to give.
  await db.schema
    .createTable("invoice_number_counters")
    .addColumn("series", "varchar(100)", (c) => c.primaryKey())
    .addColumn("next_value", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("invoice_id", "varchar(36)", (c) => c.notNull().references("invoices.id"))
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("method", "varchar(16)", (c) => c.notNull()) // bank-transfer | cash | other | card
    .addColumn("paid_on", "varchar(10)", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("stripe_payment_intent_id", "varchar(255)", (c) => c.unique())
    .addColumn("stripe_event_id", "varchar(255)", (c) => c.unique())
    .addColumn("refunded", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("recorded_by", "varchar(64)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_payments_invoice").on("invoice_payments").columns(["invoice_id", "created_at"]).execute();

  // Whether a member gets the company's invoices by mail; null: as their client-admin flag says.
  await db.schema.alterTable("users").addColumn("receives_invoices", "boolean").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("receives_invoices").execute();
  for (const table of ["invoice_payments", "invoice_number_counters", "invoice_lines", "invoices"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
