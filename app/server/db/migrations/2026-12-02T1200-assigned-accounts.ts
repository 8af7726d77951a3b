import type { Kysely } from "kysely";

// Assigned accounts (decision 0105): a company's account manager and its team of assigned staff,
// and a per-person switch that limits a staff member to those companies. Existing staff keep
// seeing every company (assigned_only 0); a notification remembers the company it is about, so a
// limited member's bell and list show only their companies' even after an assignment ends.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("companies")
    .addColumn("account_manager_id", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("companies_account_manager").on("companies").column("account_manager_id").execute();

  await db.schema
    .createTable("company_team")
    .addColumn("company_id", "varchar(36)", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("company_team_pk", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("company_team_user").on("company_team").column("user_id").execute();

  await db.schema
    .alterTable("users")
    .addColumn("assigned_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable("notifications").addColumn("company_id", "varchar(36)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").dropColumn("company_id").execute();
  await db.schema.alterTable("users").dropColumn("assigned_only").execute();
  await db.schema.dropTable("company_team").execute();
  await db.schema.dropIndex("companies_account_manager").execute();
  await db.schema.alterTable("companies").dropColumn("account_manager_id").execute();
}
