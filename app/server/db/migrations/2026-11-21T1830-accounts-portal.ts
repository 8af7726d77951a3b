import { sql, type Kysely } from "kysely";

// Better Auth's tables (users, sessions, accounts, verifications; snake_case columns through
// Kysely's CamelCasePlugin) and the client portal's own data. Dates in Better Auth's tables are its
// own (timestamptz on PostgreSQL, ISO text on SQLite); our tables keep epoch milliseconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "varchar(320)", (c) => c.notNull().unique())
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("image", "text")
    .addColumn("role", "varchar(16)", (c) => c.notNull().defaultTo("client"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("token", "varchar(255)", (c) => c.notNull().unique())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "varchar(64)", (c) => c.notNull())
    .addColumn("user_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", "timestamptz")
    .addColumn("refresh_token_expires_at", "timestamptz")
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_user_id").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verifications_identifier").on("verifications").column("identifier").execute();

  await db.schema
    .createTable("profiles")
    .addColumn("user_id", "varchar(64)", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("progress", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`progress >= 0 and progress <= 100`),
    )
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("projects_owner_id").on("projects").column("owner_id").execute();

  await db.schema
    .createTable("complaints")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("owner_id", "varchar(64)", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "varchar(32)", (c) => c.notNull().defaultTo("Pending"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("complaints_owner_id").on("complaints").column("owner_id").execute();

  await db.schema
    .createTable("complaint_replies")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("complaint_id", "varchar(36)", (c) => c.notNull().references("complaints.id").onDelete("cascade"))
    .addColumn("sender", "varchar(16)", (c) => c.notNull())
    .addColumn("sender_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("complaint_replies_complaint_id").on("complaint_replies").column("complaint_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["complaint_replies", "complaints", "projects", "profiles", "verifications", "accounts", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
