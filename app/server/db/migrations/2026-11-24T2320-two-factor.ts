import type { Kysely } from "kysely";

// Two-factor sign-in (decision 0029): Better Auth's twoFactor plugin keeps a flag on the
// user and one row per user with the encrypted TOTP secret and recovery codes. Named in our plural
// style (auth.server.ts sets the plugin's modelName); dates are Better Auth's own, as in its tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("two_factor_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("two_factors")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("verified", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("failed_verification_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "timestamptz")
    .execute();
  await db.schema.createIndex("two_factors_user_id").on("two_factors").column("user_id").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("two_factors").execute();
  await db.schema.alterTable("users").dropColumn("two_factor_enabled").execute();
}
