import type { Kysely } from "kysely";

// Decision 0051 with issue 27: the privacy policy is versioned content now (site item "privacy").
// Each new quote and application also records the number of the privacy version published when
// its sender consented; older rows stay null ("not recorded"), never a guessed number.

const TABLES = ["quotes", "job_applications"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn("privacy_version", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("privacy_version").execute();
}
