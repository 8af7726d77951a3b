import { sql, type Kysely } from "kysely";

// Stripe beyond the happy path (decision 0090): the Checkout sessions Pay opened (so an expired one
// is never offered again), and a ledger of what reverses a card payment besides refunds: refunds
// Stripe reports failed and disputes. Each row is keyed by Stripe's own id, so an event delivered
// late, twice or out of order lands on the same row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invoice_checkouts")
    // Stripe's Checkout session id, "cs_…".
    .addColumn("id", "varchar(255)", (c) => c.primaryKey())
    .addColumn("invoice_id", "varchar(36)", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    // Part of the idempotency key: a new attempt after an expired session opens a new one.
    .addColumn("attempt", "varchar(64)", (c) => c.notNull())
    // open | expired | complete
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_checkouts_invoice").on("invoice_checkouts").columns(["invoice_id", "created_at"]).execute();

  await db.schema
    .createTable("invoice_card_adjustments")
    // The refund event's id ("evt_…"), the failed refund's ("re_…") or the dispute's ("dp_…").
    .addColumn("id", "varchar(255)", (c) => c.primaryKey())
    .addColumn("payment_id", "varchar(36)", (c) => c.notNull().references("invoice_payments.id").onDelete("cascade"))
    // refund | refund-failed | dispute
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    // A dispute's Stripe status (needs_response … won, lost); "succeeded" or "failed" for refunds.
    .addColumn("status", "varchar(32)", (c) => c.notNull())
    .addColumn("reason", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoice_card_adjustments_payment").on("invoice_card_adjustments").column("payment_id").execute();

  await db.schema
    .alterTable("invoice_payments")
    .addColumn("dispute_lost", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("invoice_payments").addColumn("dispute_status", "varchar(32)").execute();
  // Refunds recorded before the ledger existed become its first rows, so the sums start right.
  await sql`insert into invoice_card_adjustments (id, payment_id, kind, amount, status, reason, created_at, updated_at)
    select 'recorded:' || id, id, 'refund', refunded, 'succeeded', '', created_at, created_at from invoice_payments where refunded > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("invoice_payments").dropColumn("dispute_status").execute();
  await db.schema.alterTable("invoice_payments").dropColumn("dispute_lost").execute();
  await db.schema.dropTable("invoice_card_adjustments").execute();
  await db.schema.dropTable("invoice_checkouts").execute();
}
