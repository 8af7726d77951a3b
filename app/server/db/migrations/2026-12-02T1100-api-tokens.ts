import type { Kysely } from "kysely";

// API tokens (decision 0104): only the SHA-256 of a token is stored; its first characters are kept
// so the console can tell tokens apart. Every token expires; revoking one keeps its row for the log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // "ak_" and a few characters of the secret: shown in the list, never enough to use.
    .addColumn("token_start", "varchar(16)", (c) => c.notNull())
    // JSON array of scopes (app/lib/api/scopes.ts).
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_by", "varchar(64)", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("api_tokens_created").on("api_tokens").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_tokens").execute();
}
