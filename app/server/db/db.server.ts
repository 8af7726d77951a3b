import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Transaction,
} from "kysely";
import { getEnv } from "~/server/env.server";
import type { Database } from "./schema";
import { logger } from "~/server/logger.server";
import { recordQuery } from "~/server/metrics.server";
import { migrations } from "./migrations/index";
import { unknownAppliedMigrations } from "./newer-migrations.server";
import { migratorView } from "./migrator-view.server";
import { guardPoolErrors } from "./pg-pool.server";
import { watchingWrites } from "./table-writes.server";

export type Db = Kysely<Database>;
/** An open transaction: what a write passes to the helpers that must join it. */
export type Trx = Transaction<Database>;
/** Either: a read that may run inside a caller's transaction or on its own. */
export type Executor = Db | Trx;
export type DbDialect = "sqlite" | "postgres";

const DEFAULT_SQLITE_FILE = "./data/app.sqlite";

/** The dialect of an open handle (tests and workers may hold one other than db()). */
export function dialectOfDb(database: Db): DbDialect {
  return database.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

function dialectOf(databaseUrl: string | undefined): DbDialect {
  return databaseUrl?.startsWith("postgres") ? "postgres" : "sqlite";
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Accounts, sessions and queued mails are in these files: only the app's user may read them
 *, whatever the umask. A folder we create is 0700 (an existing one is left alone: it
 * may be shared, like /tmp). The database file is created 0600 before SQLite opens it, and SQLite
 * gives its -wal and -shm files the database's mode; an older install's files are fixed too.
 */
function makeSqliteFilesPrivate(file: string, when: "before" | "after"): void {
  if (file === ":memory:" || file === "") return;
  if (when === "before") {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR });
    closeSync(openSync(file, "a", PRIVATE_FILE));
  }
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(name, PRIVATE_FILE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

function openSqlite(file: string): SQLite.Database {
  makeSqliteFilesPrivate(file, "before");
  const sqlite = new SQLite(file);
  // docs/security.md "Durability": WAL, FULL sync for user submissions, FKs, and waiting instead
  // of failing.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  makeSqliteFilesPrivate(file, "after");
  return sqlite;
}

const STATEMENT_CACHE_SIZE = 500;

// Kysely prepares every query anew, and better-sqlite3 compiles on each prepare(): the app's
// queries are a few hundred distinct SQL strings, so their compiled statements are kept (LRU).
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

// Transactions take SQLite's write lock up front (BEGIN IMMEDIATE). A deferred transaction that
// reads and then writes fails with SQLITE_BUSY_SNAPSHOT when another process (the staff CLI, a
// second server) committed in between, and busy_timeout cannot help with that.
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** The SQLite file a DATABASE_URL (or its absence) names. */
export function sqliteFileOf(databaseUrl: string | undefined): string {
  return databaseUrl ? databaseUrl.slice("file:".length) : DEFAULT_SQLITE_FILE;
}

export function createDb(databaseUrl: string | undefined): Db {
  const plugins = [new CamelCasePlugin()];
  // Every query's time goes to agency_db_query_duration_seconds (docs/metrics.md).
  const log = recordQuery;
  if (dialectOf(databaseUrl) === "postgres") {
    // node-pg is loaded on first use: a SQLite install never pays for it at start-up.
    const pool = async () => {
      const { default: pg } = await import("pg");
      // Epoch-ms timestamps are BIGINT; node-pg returns those as strings unless told otherwise.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
      return guardPoolErrors(new pg.Pool({ connectionString: databaseUrl, max: 10 }), "database");
    };
    return new Kysely<Database>({ dialect: watchingWrites(new PostgresDialect({ pool })), plugins, log });
  }
  const file = sqliteFileOf(databaseUrl);
  const sqlite = openSqlite(file);
  const dialect = new ImmediateSqliteDialect({ database: withStatementCache(sqlite) });
  const database = new Kysely<Database>({ dialect: watchingWrites(dialect), plugins, log });
  // Prepared once: `pragma()` prepares its statement anew on each call, and this one runs on
  // every signed-in request (session-cache.server.ts).
  dataVersions.set(database, sqlite.prepare<[], number>("pragma data_version").pluck());
  return database;
}

let instance: Db | undefined;

const dataVersions = new WeakMap<Db, SQLite.Statement<[], number>>();

/**
 * SQLite's `data_version` of the handle: it moves when another connection (another process: the
 * staff CLI, a restore, a test's own connection, an operator's sqlite3) commits to the file, never
 * for this handle's own writes. Null on PostgreSQL. A synchronous pragma: a few microseconds.
 */
export function otherWritersVersion(database: Db = db()): number | null {
  return dataVersions.get(database)?.get() ?? null;
}

/** The process's database handle, opened on first use from DATABASE_URL. */
export function db(): Db {
  instance ??= createDb(getEnv().DATABASE_URL);
  return instance;
}

export function currentDialect(): DbDialect {
  return dialectOf(getEnv().DATABASE_URL);
}

/** The PostgreSQL schema in use (its search_path's first), or undefined on SQLite. */
async function currentSchema(database: Db): Promise<string | undefined> {
  if (!(database.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(database)).rows[0]?.schema;
}

/**
 * Kysely's migrator, told which PostgreSQL schema is current: left to itself it takes a
 * kysely_migration table in any schema of the database for its own (two apps, or two test suites,
 * sharing one database on different search_paths).
 */
export async function createMigrator(database: Db = db()): Promise<Migrator> {
  const current = await currentSchema(database);
  return new Migrator({
    db: current === undefined ? database : migratorView(database, current),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: current,
  });
}

export async function migrateToLatest(database: Db = db()): Promise<void> {
  const migrator = await createMigrator(database);
  const newer = await unknownAppliedMigrations(database, await currentSchema(database), Object.keys(migrations));
  if (newer.length > 0) {
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    if (pending.length > 0)
      throw new Error(
        `The database has migrations this release does not know (${newer.join(", ")}) and lacks some it has (${pending.join(", ")}): it belongs to another line of releases. Restore a backup or run the release that migrated it.`,
      );
    logger.warn({ newer }, "the database was migrated by a newer release: serving on it as it is (docs/upgrade.md)");
    return;
  }
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Success") logger.info({ migration: r.migrationName }, "migration applied");
    if (r.status === "Error") logger.error({ migration: r.migrationName }, "migration failed");
  }
  if (error) throw error;
}

export async function closeDb(): Promise<void> {
  const current = instance;
  instance = undefined;
  await current?.destroy();
}
