import type { Kysely } from "kysely";

// Decision 0051: the quote and apply forms ask for consent to a versioned notice
// (app/lib/privacy-consent.ts). Each new record keeps the version its sender agreed to and when;
// rows sent before the forms asked stay null ("no consent recorded"), never a guessed value.

const TABLES = ["quotes", "job_applications"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn("consent_version", "varchar(40)").execute();
    await db.schema.alterTable(table).addColumn("consented_at", "bigint").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn("consented_at").execute();
    await db.schema.alterTable(table).dropColumn("consent_version").execute();
  }
}
