import type { Kysely } from "kysely";

// Webhooks and chat alerts (decision 0103). An endpoint is where events go: a signed JSON webhook,
// or a chat channel's incoming webhook (one per alert kind). An event is written in the same
// transaction as the change it reports, with one delivery row per endpoint that wanted it; a
// worker claims delivery rows, so each is sent once however many instances run.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    // webhook | chat
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // A chat endpoint's alert kind (new_lead, new_application, support_request, approval_decided): one URL each.
    .addColumn("chat_alert", "varchar(32)", (c) => c.unique())
    .addColumn("url", "varchar(2048)", (c) => c.notNull())
    .addColumn("description", "varchar(200)", (c) => c.notNull())
    // JSON array of event types.
    .addColumn("events", "text", (c) => c.notNull())
    // whsec_ + base64 of 32 random bytes (Standard Webhooks).
    .addColumn("secret", "varchar(100)", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull())
    .addColumn("disabled_reason", "varchar(300)")
    // The first failed attempt since the last success; null while it answers.
    .addColumn("failing_since", "bigint")
    .addColumn("created_by", "varchar(36)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhook_events")
    .addColumn("id", "varchar(40)", (c) => c.primaryKey())
    .addColumn("type", "varchar(64)", (c) => c.notNull())
    // The JSON body exactly as signed and sent.
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_events_created").on("webhook_events").column("created_at").execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("event_id", "varchar(40)", (c) => c.notNull())
    .addColumn("endpoint_id", "varchar(36)", (c) => c.notNull())
    // pending | delivered | failed | cancelled
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    // The last attempt: the receiver's status, the first 1 kB of its body, how long it took, or why it failed.
    .addColumn("response_status", "integer")
    .addColumn("response_body", "varchar(1024)")
    .addColumn("duration_ms", "integer")
    .addColumn("last_error", "varchar(500)")
    // The first attempt: an endpoint that has not answered since then is disabled when this delivery gives up.
    .addColumn("first_attempt_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("delivered_at", "bigint")
    .execute();
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_endpoint").on("webhook_deliveries").columns(["endpoint_id", "created_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_event").on("webhook_deliveries").column("event_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_events").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
