import { sql, type Kysely } from "kysely";

// Retention of inbound mail: after the days set in Data retention an inbound message's original
// (the raw bytes, sender, subject, authentication results) is removed, and the row stays as a
// marker so a replay of that Message-ID still gets nothing. Runs count what they removed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("inbound_messages").addColumn("purged_at", "bigint").execute();
  await db.schema
    .alterTable("retention_runs")
    .addColumn("inbound_mails", "integer", (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.createIndex("inbound_messages_retention").on("inbound_messages").columns(["purged_at", "received_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("inbound_messages_retention").execute();
  await db.schema.alterTable("retention_runs").dropColumn("inbound_mails").execute();
  await db.schema.alterTable("inbound_messages").dropColumn("purged_at").execute();
}
