import { sql, type Kysely } from "kysely";

// Decision 0031: a staff member's role and disabled state live on the user; the
// people invited from the console wait in staff_invitations until they choose a password.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("staff_role", "varchar(16)").execute();
  await db.schema.alterTable("users").addColumn("staff_disabled_at", "bigint").execute();
  // Everyone who was staff before roles existed could do everything: they stay able to.
  await sql`update users set staff_role = 'admin' where role = 'employee'`.execute(db);

  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("staff_role", "varchar(16)", (c) => c.notNull())
    // Only a SHA-256 of the link's token is kept: a copy of the database cannot accept anything.
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("invited_by", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("accepted_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").column("email").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("staff_invitations").execute();
  await db.schema.alterTable("users").dropColumn("staff_disabled_at").execute();
  await db.schema.alterTable("users").dropColumn("staff_role").execute();
}
