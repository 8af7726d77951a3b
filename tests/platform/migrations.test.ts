// Migrations on a PostgreSQL database shared with other schemas (another app, other test suites).
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { createDb, migrateToLatest } from "~/server/db/db.server";
import { migrations } from "~/server/db/migrations/index";
import { testDatabases, type TestDatabase } from "../helpers/databases";

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn("[migrations] TEST_DATABASE_URL is not set: PostgreSQL test skipped.");
const opened: TestDatabase[] = [];
afterAll(() => Promise.all(opened.map((d) => d.teardown())));

async function freshSchema(): Promise<string> {
  const database = testDatabases("migrations").find((d) => d.name === "postgres")!;
  opened.push(database);
  return database.setup();
}

test.skipIf(!pgUrl)(
  "A schema is migrated on its own even when another schema of the database already holds Kysely's tables",
  async () => {
    const first = createDb(await freshSchema());
    const second = createDb(await freshSchema());
    try {
      await migrateToLatest(first);
      await migrateToLatest(second);
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(second);
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      await migrateToLatest(second);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  },
  30_000,
);
