import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline, type Readable, type Transform } from "node:stream";
import { sql } from "kysely";
import { createMigrator, db, dialectOfDb, sqliteFileOf, type Db } from "~/server/db/db.server";
import { newLeaseHolder, leaseHolder, releaseLease, renewLease, takeLease } from "~/server/db/leases.server";
import { getEnv } from "~/server/env.server";
import { FileNotFound, type FileStore } from "~/server/storage/file-store.server";
import { hashingTap } from "~/server/storage/hashing-tap.server";
import { fileStore } from "~/server/storage/storage.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { forEachConcurrent } from "./concurrency.server";
import { entryNameAt, type BackupDestination, type EntryWriter } from "./destination.server";
import { encryptStream } from "./encryption.server";
import { APP_NAME, APP_VERSION, BACKUP_FORMAT, manifestText, type Manifest, type ManifestFile } from "./manifest.server";
import { hasTool, MissingPostgresTool, runTool } from "./postgres-tools.server";
import { snapshotSqlite } from "./sqlite-files.server";

// `npm run backup` and the scheduled backup (decision 0047): the database first
// (a consistent snapshot), then every stored file, then the manifest; older complete entries are
// pruned only after the new one is complete. One backup at a time, whoever starts it: they share
// the "backup" lease, which also makes removing an interrupted entry safe. With a key, every file
// and the manifest are encrypted on their way out (decision 0056).

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
  /** Encrypts the backup; unset: BACKUP_ENCRYPTION_KEY, null: not encrypted. */
  encryptionKey?: Buffer | null;
}

export interface BackupResult {
  name: string;
  /** When the database copy began: every write committed before it is in the backup. */
  snapshotAt: Date;
  files: number;
  bytes: number;
  /** Whether it was encrypted with a key (decision 0056). */
  encrypted: boolean;
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

  const key = options.encryptionKey === undefined ? (getEnv().BACKUP_ENCRYPTION_KEY ?? null) : options.encryptionKey;
  const writer = await destination.begin(name);
  try {
    const files: ManifestFile[] = [];
    const migration = await lastMigration(database);
    const snapshotAt = new Date();
    const databaseEntry = await copyDatabase(database, options.databaseUrl ?? getEnv().DATABASE_URL, store, async (relPath, file) => {
      files.push(await putFile(writer, key, relPath, createReadStream(file)));
    });
    await forEachConcurrent(await store.list(""), COPY_CONCURRENCY, async (storageKey) => {
      try {
        const { stream, contentType } = await store.read(storageKey);
        files.push({ ...(await putFile(writer, key, `files/${storageKey}`, stream)), ...(contentType ? { contentType } : {}) });
      } catch (error) {
        // Deleted since it was listed (files are write-once): its row is gone from later backups too.
        if (!(error instanceof FileNotFound)) throw error;
      }
    });
    files.sort((a, b) => (a.path < b.path ? -1 : 1));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: key ? 2 : 1,
      app: { name: APP_NAME, version: APP_VERSION },
      createdAt: snapshotAt.toISOString(),
      migration,
      database: databaseEntry,
      files,
    };
    await writer.commit(manifestText(manifest, key));
    const pruned = await prune(destination, options.keep, name);
    return {
      name,
      snapshotAt,
      files: files.length - 1,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      encrypted: key !== null,
      ms: Date.now() - started,
      pruned,
      removedIncomplete,
    };
  } catch (error) {
    await writer.abort().catch(() => {});
    throw error;
  }
}

/**
 * Writes one file of the entry, hashing the plaintext on the way; encrypted, it is stored under a
 * random object name, since its path (a storage key) may hold a person's file name.
 */
async function putFile(writer: EntryWriter, key: Buffer | null, relPath: string, source: Readable): Promise<ManifestFile> {
  const tap = hashingTap();
  if (!key) {
    await writer.put(relPath, through(source, [tap]));
    return { path: relPath, ...tap.digest() };
  }
  const object = `objects/${randomBytes(16).toString("hex")}`;
  await writer.put(object, through(source, [tap, encryptStream(key, relPath)]));
  return { path: relPath, ...tap.digest(), object };
}

/** `source` through `stages`; a failure anywhere reaches the last stage, which the destination reads. */
function through(source: Readable, stages: Transform[]): Readable {
  pipeline([source, ...stages], () => {});
  return stages.at(-1)!;
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
  const taken = existing
    .filter((n) => n === base || n.startsWith(`${base}-`))
    .map((n) => (n === base ? 1 : Number(n.slice(base.length + 1))));
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
