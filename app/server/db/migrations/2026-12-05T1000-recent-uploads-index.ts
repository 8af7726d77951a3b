import type { Kysely } from "kysely";

// The console overview's recent client uploads (decision 0110 addendum), proved used by
// tests/platform/hot-query-plans.test.ts on both databases.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The newest client-side versions of the last week, newest first: a range of this index that stops
  // at the overview's limit, where the planners walked every project's versions and sorted them.
  await db.schema.createIndex("file_versions_side_created").on("file_versions").columns(["side", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("file_versions_side_created").execute();
}
