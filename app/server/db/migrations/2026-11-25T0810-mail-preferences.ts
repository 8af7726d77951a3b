import type { Kysely } from "kysely";

// Decision 0046: e-mail preferences. A person chooses, per notification type, to
// get its mail immediately, in a daily digest, or not at all; a missing row means the default
// (app/lib/mail-preferences.ts). Their digest goes at a chosen hour in their time zone.
// A digest-bound mail waits in the outbox itself (status "digest", durable with its notification),
// and the digest that folds it in is one outbox row keyed `digest:{userId}:{localDate}`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // app/lib/notification-types.ts
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    // immediately | digest | off
    .addColumn("choice", "varchar(16)", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "type"])
    .execute();

  await db.schema
    .createTable("digest_schedules")
    .addColumn("user_id", "varchar(64)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    // 0-23, local to time_zone.
    .addColumn("hour", "integer", (c) => c.notNull())
    // An IANA zone (Intl.supportedValuesOf("timeZone")) or UTC.
    .addColumn("time_zone", "varchar(64)", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  // JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post), sent as stored.
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
  // Set on notification mails: whose digest a held row belongs to, and the notification it tells of.
  await db.schema.alterTable("mail_outbox").addColumn("user_id", "varchar(64)").execute();
  await db.schema.alterTable("mail_outbox").addColumn("notification_id", "varchar(36)").execute();
  // The digest row's key that folded this held row in (status "digested").
  await db.schema.alterTable("mail_outbox").addColumn("digest_key", "varchar(200)").execute();
  await db.schema.createIndex("mail_outbox_held").on("mail_outbox").columns(["status", "user_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_held").execute();
  for (const column of ["digest_key", "notification_id", "user_id", "headers"])
    await db.schema.alterTable("mail_outbox").dropColumn(column).execute();
  await db.schema.dropTable("digest_schedules").execute();
  await db.schema.dropTable("notification_preferences").execute();
}
