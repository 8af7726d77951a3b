import type { Kysely } from "kysely";

// Decision 0041: "Mark all as read" is one row per person, the time up to which
// everything counts as read, rather than an update of each of their notifications: it stays a
// single write with 10,000 notifications (npm run bench).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification_read_marks")
    .addColumn("user_id", "varchar(64)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // Notifications created at or before this (epoch ms) are read.
    .addColumn("read_before", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_read_marks").execute();
}
