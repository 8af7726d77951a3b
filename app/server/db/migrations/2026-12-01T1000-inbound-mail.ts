import { sql, type Kysely } from "kysely";

// Inbound mail (decision 0096). Every message is stored first: its raw bytes in the file store and
// one row here, processed from the stored bytes afterwards, so nothing is lost when processing
// fails or the process dies between storing and routing. Replies and requests say which channel
// they came by, and the Message-IDs of the mails we sent about a request are kept so a reply
// without its token can still be threaded by its In-Reply-To / References.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("inbound_messages")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    // The raw RFC 822 bytes in the file store, and their SHA-256 (hex).
    .addColumn("raw_key", "varchar(255)", (c) => c.notNull())
    .addColumn("sha256", "varchar(64)", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    // The Message-ID header as sent (null without one); `dedupe_key` is it, or `sha256:<hash>`
    // without one: a replay of either gets nothing new.
    .addColumn("message_id", "varchar(998)")
    .addColumn("dedupe_key", "varchar(998)", (c) => c.notNull().unique())
    .addColumn("from_address", "varchar(320)")
    .addColumn("subject", "varchar(998)")
    // stored | routed | held | ignored | failed
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("reason", "varchar(1000)")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    // What it became: "reply" (a complaint_replies id) or "complaint"; and that row's request.
    .addColumn("routed_kind", "varchar(16)")
    .addColumn("routed_id", "varchar(36)")
    .addColumn("complaint_id", "varchar(36)")
    // JSON { spf, dkim, dmarc } from the Authentication-Results header our authserv-id wrote.
    .addColumn("auth_results", "text")
    // JSON [{ name, reason }]: attachments refused under the support attachment rules.
    .addColumn("refused_files", "text")
    .addColumn("processed_at", "bigint")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inbound_messages_due").on("inbound_messages").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("inbound_messages_received").on("inbound_messages").column("received_at").execute();

  // The outgoing mails a reply may answer: the hash part of their Message-ID (mailer's
  // `messageIdFor`), with the request and recipient they were about.
  await db.schema
    .createTable("mail_threads")
    .addColumn("message_hash", "varchar(64)", (c) => c.primaryKey())
    .addColumn("complaint_id", "varchar(36)", (c) => c.notNull())
    .addColumn("user_id", "varchar(36)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mail_threads_complaint").on("mail_threads").column("complaint_id").execute();

  await db.schema
    .alterTable("complaint_replies")
    .addColumn("channel", "varchar(16)", (c) => c.notNull().defaultTo(sql.lit("portal")))
    .execute();
  await db.schema
    .alterTable("complaints")
    .addColumn("channel", "varchar(16)", (c) => c.notNull().defaultTo(sql.lit("portal")))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("complaints").dropColumn("channel").execute();
  await db.schema.alterTable("complaint_replies").dropColumn("channel").execute();
  await db.schema.dropTable("mail_threads").execute();
  await db.schema.dropTable("inbound_messages").execute();
}
