// Migrations on a PostgreSQL database shared with other schemas (another app, other test suites).
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, expect, test } from "vitest";
import { createDb, createMigrator, migrateToLatest } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
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

test.skipIf(!pgUrl)(
  "The migrator looks only at its own schema's tables, so another schema dropped in the middle of its check cannot fail it",
  async () => {
    const app = createDb(await freshSchema());
    const other = createDb(pgUrl!);
    const doomed = `t_doomed_${randomBytes(4).toString("hex")}`;
    try {
      await migrateToLatest(app);
      // A repeatable-read snapshot taken while another schema exists, then that schema dropped: the
      // catalog rows still show its table, but a lookup by name no longer finds it. This is a drop
      // landing in the middle of an introspection (another test suite or install finishing), made
      // to last.
      const afterDrop = <T>(read: (trx: Kysely<Database>) => Promise<T>) =>
        app
          .transaction()
          .setIsolationLevel("repeatable read")
          .execute(async (trx) => {
            await sql.raw(`create schema ${doomed}; create table ${doomed}.leftover (id serial primary key)`).execute(other);
            await sql`select 1`.execute(trx);
            await sql.raw(`drop schema ${doomed} cascade`).execute(other);
            return read(trx);
          });
      // Kysely's own introspection reads every schema's tables by name, and fails...
      await expect(afterDrop((trx) => trx.introspection.getTables({ withInternalKyselyTables: true }))).rejects.toThrow(/does not exist/);
      // ...while our migrator, which asks whether its table exists before it reads it, does not.
      const seen = await afterDrop(async (trx) => (await createMigrator(trx)).getMigrations());
      expect(seen.filter((m) => m.executedAt).map((m) => m.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await sql.raw(`drop schema if exists ${doomed} cascade`).execute(other);
      await Promise.all([app.destroy(), other.destroy()]);
    }
  },
  30_000,
);
