import type { Kysely } from "kysely";

// One row per person per event they may hear about, written in the same
// transaction as the event (models/notifications/notifications.server.ts `notify`). The event key makes a retried
// action or a second instance write nothing twice.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // app/lib/notification-types.ts
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    // Stable per event, e.g. `complaint-reply:{replyId}`: (user_id, event_key) is unique.
    .addColumn("event_key", "varchar(200)", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    // An app path (never a full URL), opened from the bell, the page and the mail.
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("actor_name", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("read_at", "bigint")
    .execute();
  await db.schema.createIndex("notifications_event").on("notifications").columns(["user_id", "event_key"]).unique().execute();
  await db.schema.createIndex("notifications_user_created").on("notifications").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("notifications_user_unread").on("notifications").columns(["user_id", "read_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
