import { sql, type Transaction } from "kysely";
import { dialectOfDb } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";

// Issue 19 part 2 (decision 0048): the search documents follow their rows by trigger, but an FTS5
// index only marks a deleted document's terms as deleted until its segments are merged; an erasure
// merges them at once so no term of the person is left in the index's own tables. PostgreSQL's
// generated tsvector column has no such remainder.

const KINDS = ["complaint", "lead", "application", "client"] as const;

export async function compactSearchIndex(trx: Transaction<Database>): Promise<void> {
  if (dialectOfDb(trx) === "postgres") return;
  for (const kind of KINDS) {
    const index = sql.table(`search_index_${kind}`);
    await sql`insert into ${index} (${index}) values ('optimize')`.execute(trx);
  }
}
