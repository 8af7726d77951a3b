import { sql, type Kysely } from "kysely";

// Assigned accounts (decision 0105): the staff assigned to a company, one of them its account
// manager, and a per-person switch that limits a staff member to those companies. Existing staff
// keep seeing every company (assigned_only 0). A notification remembers the company it is about,
// so a limited member's bell and list show only their companies' even after an assignment ends.
// The manager is a flag on the team's row, not a column of companies: users already point at
// companies (a member's company), and a pointer back would make a cycle the copy tools refuse.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("company_team")
    .addColumn("company_id", "varchar(36)", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("manager", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("added_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("company_team_pk", ["company_id", "user_id"])
    .execute();
  await db.schema.createIndex("company_team_user").on("company_team").column("user_id").execute();
  // One account manager per company.
  await db.schema
    .createIndex("company_team_manager")
    .on("company_team")
    .column("company_id")
    .unique()
    .where(sql.ref("manager"), "=", 1)
    .execute();

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
}
