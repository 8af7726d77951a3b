import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { createMigrator, db, dialectOfDb, sqliteFileOf, type Db } from "~/server/db/db.server";
import { newLeaseHolder, leaseHolder, releaseLease, renewLease, takeLease } from "~/server/db/leases.server";
import { getEnv } from "~/server/env.server";
import { FileNotFound, type FileStore } from "~/server/storage/file-store.server";
import { fileStore } from "~/server/storage/storage.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { forEachConcurrent } from "./concurrency.server";
import { entryNameAt, type BackupDestination } from "./destination.server";
import { APP_NAME, APP_VERSION, BACKUP_FORMAT, type Manifest, type ManifestFile } from "./manifest.server";
import { hasTool, MissingPostgresTool, runTool } from "./postgres-tools.server";
import { snapshotSqlite } from "./sqlite-files.server";

// `npm run backup` and the scheduled backup (issue 19 part 5, decision 0047): the database first
// (a consistent snapshot), then every stored file, then the manifest; older complete entries are
// pruned only after the new one is complete. One backup at a time, whoever starts it: they share
// the "backup" lease, which also makes removing an interrupted entry safe.

export const BACKUP_LEASE = "backup";
const LEASE_MS = 60_000;
const COPY_CONCURRENCY = 8;

export class BackupBusy extends Error {
  constructor(holder: string, until: number) {
    super(`Another backup is running (${holder}, lease until ${new Date(until).toISOString()}); try again when it has finished.`);
    this.name = "BackupBusy";
  }
}

export interface BackupOptions {
  database?: Db;
  databaseUrl?: string;
  store?: FileStore;
  destination: BackupDestination;
  keep: number;
  now?: () => Date;
  /** A scheduled occurrence (epoch ms): the backup runs only if no instance ran it yet. */
  slot?: number;
}

export interface BackupResult {
  name: string;
  /** When the database copy began: every write committed before it is in the backup. */
  snapshotAt: Date;
  files: number;
  bytes: number;
  ms: number;
  pruned: string[];
  removedIncomplete: string[];
}

/** Runs one backup; null when `slot` was given and another instance took (or is running) it. */
export async function runBackup(options: BackupOptions): Promise<BackupResult | null> {
  const database = options.database ?? db();
  const holder = newLeaseHolder();
  const taken = await takeLease(BACKUP_LEASE, { holder, ttlMs: LEASE_MS, slot: options.slot }, database);
  if (!taken) {
    if (options.slot !== undefined) return null;
    const current = await leaseHolder(BACKUP_LEASE, Date.now(), database);
    throw new BackupBusy(current?.holder ?? "unknown", current?.expiresAt ?? Date.now());
  }
  const renewal = setInterval(() => void renewLease(BACKUP_LEASE, holder, LEASE_MS, database).catch(() => {}), LEASE_MS / 3);
  try {
    return await backupUnderLease(database, options);
  } finally {
    clearInterval(renewal);
    await releaseLease(BACKUP_LEASE, holder, database);
  }
}

async function backupUnderLease(database: Db, options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const { destination } = options;
  const store = options.store ?? fileStore();
  const removedIncomplete = await destination.listIncomplete();
  for (const name of removedIncomplete) await destination.remove(name);

  const now = (options.now ?? (() => new Date()))();
  const name = nextEntryName(entryNameAt(now), await destination.list());

  const writer = await destination.begin(name);
  try {
    const files: ManifestFile[] = [];
    const migration = await lastMigration(database);
    const snapshotAt = new Date();
    const databaseEntry = await copyDatabase(database, options.databaseUrl ?? getEnv().DATABASE_URL, store, async (relPath, file) => {
      files.push({ path: relPath, ...(await writer.put(relPath, createReadStream(file))) });
    });
    await forEachConcurrent(await store.list(""), COPY_CONCURRENCY, async (key) => {
      try {
        const { stream, contentType } = await store.read(key);
        files.push({ path: `files/${key}`, ...(await writer.put(`files/${key}`, stream)), ...(contentType ? { contentType } : {}) });
      } catch (error) {
        // Deleted since it was listed (files are write-once): its row is gone from later backups too.
        if (!(error instanceof FileNotFound)) throw error;
      }
    });
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      app: { name: APP_NAME, version: APP_VERSION },
      createdAt: snapshotAt.toISOString(),
      migration,
      database: databaseEntry,
      files,
    };
    await writer.commit(`${JSON.stringify(manifest, null, 2)}\n`);
    const pruned = await prune(destination, options.keep, name);
    return {
      name,
      snapshotAt,
      files: files.length - 1,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      ms: Date.now() - started,
      pruned,
      removedIncomplete,
    };
  } catch (error) {
    await writer.abort().catch(() => {});
    throw error;
  }
}

/** Copies the database to a temp file, hands it to `put`, and says what the manifest records. */
async function copyDatabase(
  database: Db,
  databaseUrl: string | undefined,
  store: FileStore,
  put: (relPath: string, file: string) => Promise<void>,
): Promise<Manifest["database"]> {
  const temp = path.join(store.tempDir(), tempFileName("part"));
  try {
    if (dialectOfDb(database) === "sqlite") {
      await snapshotSqlite(path.resolve(sqliteFileOf(databaseUrl)), temp);
      await put("database.sqlite", temp);
      return { dialect: "sqlite", path: "database.sqlite" };
    }
    if (!databaseUrl || !(await hasTool("pg_dump"))) throw new MissingPostgresTool("pg_dump");
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(database)).rows[0]!.schema;
    await runTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--schema=${schema}`, `--file=${temp}`], databaseUrl);
    await put("database.pgdump", temp);
    return { dialect: "postgres", path: "database.pgdump", schema };
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** `base`, or `base-N` after the highest N already there: names stay in time order. */
function nextEntryName(base: string, existing: string[]): string {
  const taken = existing.filter((n) => n === base || n.startsWith(`${base}-`)).map((n) => (n === base ? 1 : Number(n.slice(base.length + 1))));
  return taken.length === 0 ? base : `${base}-${Math.max(...taken) + 1}`;
}

export async function lastMigration(database: Db): Promise<string | null> {
  const migrations = await (await createMigrator(database)).getMigrations();
  return migrations.filter((m) => m.executedAt).at(-1)?.name ?? null;
}

/** Removes the oldest complete entries beyond `keep`; never `newest`. */
async function prune(destination: BackupDestination, keep: number, newest: string): Promise<string[]> {
  const complete = await destination.list();
  const old = complete.filter((name) => name !== newest).slice(0, Math.max(0, complete.length - keep));
  for (const name of old) await destination.remove(name);
  return old;
}
