// During a rolling upgrade the new release migrates first; an instance of the previous release that
// starts (or restarts) then meets migrations it has never heard of.
import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import { createDb, migrateToLatest } from "~/server/db/db.server";
import { migrations } from "~/server/db/migrations/index";
import { testDatabases, type TestDatabase } from "../helpers/databases";

// What a later release might add: a nullable column, which the code below never reads.
const expand: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.alterTable("quotes").addColumn("source_campaign", "text").execute();
  },
};

/** Migrates `database` as a newer release would: every migration of ours, then one of its own. */
async function migrateAsNewerRelease(database: Kysely<unknown>, only: string[] = Object.keys(migrations)): Promise<void> {
  const newer = { ...Object.fromEntries(only.map((name) => [name, migrations[name]!])), "2999-01-01T0000-later-release": expand };
  const postgres = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database).catch(() => null))?.rows[0]?.schema;
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => newer }, migrationTableSchema: postgres });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describe.each(testDatabases("newer-database"))("A database migrated by a newer release, on $name", (database: TestDatabase) => {
  afterAll(() => database.teardown());

  test("This release starts on it without migrating, and its tables answer", async () => {
    const handle = createDb(await database.setup());
    try {
      await migrateAsNewerRelease(handle as Kysely<unknown>);
      await migrateToLatest(handle);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(handle);
      expect(applied.rows.map((r) => r.name)).toContain("2999-01-01T0000-later-release");
      expect(await handle.selectFrom("quotes").select("id").execute()).toEqual([]);
    } finally {
      await handle.destroy();
    }
  });
});

describe.each(testDatabases("newer-database"))("A database of another line of releases, on $name", (database: TestDatabase) => {
  afterAll(() => database.teardown());

  test("This release refuses it when one of its own migrations is missing there", async () => {
    const handle = createDb(await database.setup());
    try {
      await migrateAsNewerRelease(handle as Kysely<unknown>, Object.keys(migrations).slice(0, -1));
      await expect(migrateToLatest(handle)).rejects.toThrowError(/migrations this release does not know \(2999-01-01T0000-later-release\)/);
    } finally {
      await handle.destroy();
    }
  });
});
