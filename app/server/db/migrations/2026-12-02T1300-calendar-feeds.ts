import type { Kysely } from "kysely";

// Calendar feeds: one private ICS address per person. The row holds a random nonce, never the
// address itself: the address carries an HMAC of the row's id and nonce under AUTH_SECRET, so a
// copy of the database alone opens no one's calendar. "Make a new link" changes the nonce.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("user_id", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("nonce", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("calendar_feeds").execute();
}
