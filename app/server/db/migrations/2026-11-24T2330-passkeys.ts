import type { Kysely } from "kysely";

// Passkeys: Better Auth's passkey plugin table, named in the plural like our other auth
// tables (the plugin's model "passkey" is mapped to it in auth.server.ts). Columns in snake_case
// through Kysely's CamelCasePlugin; the date is Better Auth's own (timestamptz / ISO text).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("credential_id", "varchar(512)", (c) => c.notNull().unique())
    .addColumn("counter", "bigint", (c) => c.notNull())
    .addColumn("device_type", "varchar(32)", (c) => c.notNull())
    .addColumn("backed_up", "boolean", (c) => c.notNull())
    .addColumn("transports", "text")
    .addColumn("created_at", "timestamptz")
    .addColumn("aaguid", "varchar(64)")
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("user_id").execute();
  // Which sessions a passkey opened: that sign-in is two factors by itself (decision 0030), which
  // a password sign-in of an account that merely owns a passkey is not.
  await db.schema
    .alterTable("sessions")
    .addColumn("passkey_sign_in", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("passkey_sign_in").execute();
  await db.schema.dropTable("passkeys").execute();
}
