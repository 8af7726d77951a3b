import type { Kysely } from "kysely";

// Uploaded images (app/server/images/): one row per image, its variants in the file store under
// `images/<id>/`. The original's type and size are kept for the record; the original itself is
// stored privately and never served.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("images")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    // "logo" (also gets favicons) or "content".
    .addColumn("kind", "varchar(20)", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("original_type", "varchar(100)", (c) => c.notNull())
    .addColumn("original_size", "integer", (c) => c.notNull())
    .addColumn("created_by", "varchar(36)")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("images").execute();
}
