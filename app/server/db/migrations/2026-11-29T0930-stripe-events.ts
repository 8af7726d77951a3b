import type { Kysely } from "kysely";

// One row per Stripe webhook event this app has acted on (decision 0084): claiming the event id in
// the transaction that records its payment or refund is what makes a delivery that arrives twice,
// or at two instances, count once (models/billing/stripe-events.server.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("stripe_events")
    // Stripe's event id, "evt_…".
    .addColumn("id", "varchar(255)", (c) => c.primaryKey())
    .addColumn("type", "varchar(100)", (c) => c.notNull())
    // Epoch ms: when the verified delivery arrived, and when its outcome was written.
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("processed_at", "bigint")
    // "recorded", "duplicate", "ignored: <reason>" or "refused: <reason>".
    .addColumn("outcome", "varchar(500)")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stripe_events").execute();
}
