import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { resetAuthForTests } from "~/server/auth/auth.server";
import { forgetBrand } from "~/server/brand/brand.server";
import { closeDb, createDb, db, migrateToLatest } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { setEnv } from "./env";

export interface TestDatabase {
  name: "sqlite" | "postgres";
  /** Creates an empty database and returns its URL. */
  setup(): Promise<string>;
  teardown(): Promise<void>;
}

function sqliteDatabase(): TestDatabase {
  let dir = "";
  return {
    name: "sqlite",
    async setup() {
      dir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
      return `file:${path.join(dir, "app.sqlite")}`;
    },
    async teardown() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresDatabase(baseUrl: string): TestDatabase {
  // Each suite gets its own schema, so suites never see each other's rows.
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = createDb(baseUrl);
  return {
    name: "postgres",
    async setup() {
      await sql`create schema ${sql.id(schema)}`.execute(admin);
      const sep = baseUrl.includes("?") ? "&" : "?";
      return `${baseUrl}${sep}options=-c%20search_path%3D${schema}`;
    },
    async teardown() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabases(suite: string): TestDatabase[] {
  const list = [sqliteDatabase()];
  if (process.env.TEST_DATABASE_URL) list.push(postgresDatabase(process.env.TEST_DATABASE_URL));
  else console.warn(`[${suite}] TEST_DATABASE_URL is not set: PostgreSQL variant skipped.`);
  return list;
}

/**
 * Points the app's own db() at a fresh migrated database (and a private storage dir), as the
 * server would at boot. `extraEnv` (e.g. APP_URL, GOOGLE_*, REDIS_URL) holds until the returned
 * cleanup, which also undoes it. Better Auth is set up anew on first use each time: an instance
 * made earlier holds the previous database handle and configuration.
 */
export async function useAppDatabase(database: TestDatabase, extraEnv: Record<string, string> = {}) {
  const url = await database.setup();
  const storage = extraEnv.STORAGE_DIR || mkdtempSync(path.join(tmpdir(), "agency-storage-"));
  await closeDb();
  Object.assign(process.env, {
    DATABASE_URL: url,
    STORAGE_DIR: storage,
    AUTH_SECRET: "test-secret-0123456789-0123456789-abcdef",
    DEMO_CONTENT: "off",
    LOG_LEVEL: "silent",
  });
  const restoreEnv = setEnv(extraEnv);
  resetAuthForTests();
  // The brand is cached per process: the previous suite's database must not answer for this one.
  forgetBrand();
  await migrateToLatest();
  return {
    storageDir: storage,
    async cleanup() {
      await closeDb();
      await database.teardown();
      rmSync(storage, { recursive: true, force: true });
      restoreEnv();
      resetAuthForTests();
    },
  };
}

/** Empties tables of the app's database between tests, in the order given (rows that point to others first). */
export async function clearTables(...tables: (keyof Database)[]): Promise<void> {
  for (const table of tables) await db().deleteFrom(table).execute();
}
