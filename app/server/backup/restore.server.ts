import { createWriteStream, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createDb, migrateToLatest, sqliteFileOf } from "~/server/db/db.server";
import { migrations } from "~/server/db/migrations/index";
import { getEnv } from "~/server/env.server";
import { contentTypeOf, KeyExists, type FileStore } from "~/server/storage/file-store.server";
import { hashingTap } from "~/server/storage/hashing-tap.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { forEachConcurrent } from "./concurrency.server";
import type { BackupDestination } from "./destination.server";
import { decryptStream, UndecryptableFile } from "./encryption.server";
import { MANIFEST, parseManifest, type Manifest, type ManifestFile } from "./manifest.server";
import { restorePostgres } from "./postgres-restore.server";
import { isSqliteInUse, replaceSqlite } from "./sqlite-files.server";

// `npm run restore -- <entry>`: refuses a database a running app holds, refuses a
// foreign or corrupted entry with the reason before touching anything (every SHA-256 checked),
// then puts the files back, then the database, then migrates it. An encrypted backup's manifest is
// opened with the key it names and every file decrypted chunk by chunk as it is checked (0056).

const COPY_CONCURRENCY = 8;

export class RestoreRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RestoreRefused";
  }
}

export interface RestoreOptions {
  destination: BackupDestination;
  name: string;
  /** DATABASE_URL of the target (unset: the default SQLite file). */
  databaseUrl: string | undefined;
  store: FileStore;
  /** Keys that may open an encrypted backup; unset: BACKUP_ENCRYPTION_KEY and BACKUP_PREVIOUS_KEYS. */
  keys?: Buffer[];
  /** Restore an unencrypted backup although a key is set (one made before the key was). */
  allowUnencrypted?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Whether the backup was encrypted (and so its manifest authenticated by the key). */
  encrypted: boolean;
  files: number;
  bytes: number;
  /** Files restored that were not in the store yet (the others were there already, identical). */
  written: number;
  ms: number;
}

export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const { destination, name, store } = options;
  const env = options.keys ? undefined : getEnv();
  const keys = options.keys ?? [env!.BACKUP_ENCRYPTION_KEY, ...env!.BACKUP_PREVIOUS_KEYS].filter((k): k is Buffer => !!k);
  const { manifest, key } = await readVerifiedManifest(destination, name, keys, options.allowUnencrypted ?? false);
  const open = (file: ManifestFile) => destination.open(name, file.object ?? file.path);
  const postgres = options.databaseUrl?.startsWith("postgres") ?? false;
  if ((manifest.database.dialect === "postgres") !== postgres) {
    throw new RestoreRefused(
      `The backup holds a ${manifest.database.dialect} database, but DATABASE_URL names a ${postgres ? "postgres" : "sqlite"} one.`,
    );
  }
  const sqliteFile = postgres ? "" : path.resolve(sqliteFileOf(options.databaseUrl));
  const claim = await claimDatabase(options.databaseUrl, sqliteFile);

  // Every byte checked before anything changes; the database copy is kept for the restore.
  const databaseCopy = path.join(store.tempDir(), tempFileName("part"));
  try {
    await forEachConcurrent(manifest.files, COPY_CONCURRENCY, async (file) => {
      const keep = file.path === manifest.database.path ? databaseCopy : undefined;
      await checkFile(await open(file), file, { key, copyTo: keep });
    });
    let written = 0;
    await forEachConcurrent(
      manifest.files.filter((f) => f.path.startsWith("files/")),
      COPY_CONCURRENCY,
      async (file) => {
        if (await restoreFile(await open(file), file, key, store)) written += 1;
      },
    );
    if (postgres) await restorePostgres(databaseCopy, options.databaseUrl!, manifest.database.schema ?? "public");
    else {
      mkdirSync(path.dirname(sqliteFile), { recursive: true, mode: 0o700 });
      await replaceSqlite(databaseCopy, sqliteFile);
    }
    await migrateRestored(options.databaseUrl);
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    return { manifest, encrypted: key !== null, files: manifest.files.length - 1, bytes, written, ms: Date.now() - started };
  } finally {
    await fs.rm(databaseCopy, { force: true });
    await claim.release();
  }
}

/**
 * Refuses a database that a running app holds (decision 0047). SQLite: another process has the
 * file open. PostgreSQL: an instance holds the shared instance lock; ours, taken exclusively, is
 * held until the restore ends, so an instance starting meanwhile waits for it.
 */
async function claimDatabase(databaseUrl: string | undefined, sqliteFile: string): Promise<{ release(): Promise<void> }> {
  if (databaseUrl?.startsWith("postgres")) {
    const { claimInstanceLock } = await import("~/server/db/instance-lock.server");
    const claim = await claimInstanceLock(databaseUrl);
    if (!claim)
      throw new RestoreRefused(
        "An app instance is running on this PostgreSQL database (it holds the instance lock): stop every instance, then restore.",
      );
    return claim;
  }
  if (isSqliteInUse(sqliteFile)) {
    throw new RestoreRefused(
      `The database ${sqliteFile} is open in another process (a running app, a backup or the staff CLI): stop the app, then restore.`,
    );
  }
  return { release: async () => {} };
}

/** The entry's manifest, when the entry is one of ours, complete, and from a known schema. */
async function readVerifiedManifest(
  destination: BackupDestination,
  name: string,
  keys: Buffer[],
  allowUnencrypted: boolean,
): Promise<{ manifest: Manifest; key: Buffer | null }> {
  const text = await destination.readManifest(name).catch(() => null);
  if (text === null) {
    const any = await destination.listFiles(name).catch(() => []);
    throw new RestoreRefused(
      any.length > 0
        ? `${name} at ${destination.url} has no manifest.json: an interrupted backup, or not a backup of this app.`
        : `There is no backup ${name} at ${destination.url}.`,
    );
  }
  const parsed = parseManifest(text, { keys, allowUnencrypted });
  if (!parsed.ok) throw new RestoreRefused(`${name} is refused: ${parsed.reason}. Nothing was restored.`);
  const { manifest, key } = parsed;
  if (manifest.migration && !(manifest.migration in migrations)) {
    throw new RestoreRefused(
      `${name} comes from a newer version of the app (migration ${manifest.migration} is unknown here): upgrade the app, then restore.`,
    );
  }
  if (!manifest.files.some((f) => f.path === manifest.database.path)) {
    throw new RestoreRefused(`${name} is refused: its manifest lists no database file.`);
  }
  const listed = new Set([MANIFEST, ...manifest.files.map((f) => f.object ?? f.path)]);
  const stored = await destination.listFiles(name);
  const extra = stored.filter((p) => !listed.has(p));
  const missing = [...listed].filter((p) => !stored.includes(p));
  if (missing.length > 0)
    throw new RestoreRefused(
      `${name} is refused as incomplete: ${missing[0]} is missing${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}.`,
    );
  if (extra.length > 0) throw new RestoreRefused(`${name} is refused: it holds ${extra[0]}, which its manifest does not list.`);
  return { manifest, key };
}

/**
 * Streams one file through SHA-256 (decrypting it first when `key` is given); refuses on any
 * difference. `copyTo` keeps the checked bytes.
 */
async function checkFile(source: Readable, expected: ManifestFile, options: { key?: Buffer | null; copyTo?: string } = {}): Promise<void> {
  const tap = hashingTap();
  const sink = options.copyTo ? createWriteStream(options.copyTo, { flags: "wx", mode: 0o600 }) : discard();
  try {
    await pipeline(options.key ? [source, decryptStream(options.key, expected.path), tap, sink] : [source, tap, sink]);
  } catch (error) {
    if (error instanceof UndecryptableFile) {
      throw new RestoreRefused(
        `The backup is corrupted or was changed: ${expected.path} does not decrypt with the backup key. Nothing was restored.`,
      );
    }
    throw error;
  }
  const { size, sha256 } = tap.digest();
  if (size !== expected.size)
    throw new RestoreRefused(
      `The backup is corrupted: ${expected.path} is ${size} bytes, its manifest says ${expected.size}. Nothing was restored.`,
    );
  if (sha256 !== expected.sha256)
    throw new RestoreRefused(`The backup is corrupted: ${expected.path} does not match its SHA-256 in the manifest. Nothing was restored.`);
}

function discard(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

/** Puts one file back under its key; false when the store already holds the same bytes. */
async function restoreFile(source: Readable, file: ManifestFile, key: Buffer | null, store: FileStore): Promise<boolean> {
  const storageKey = file.path.slice("files/".length);
  const temp = path.join(store.tempDir(), tempFileName("part"));
  try {
    await checkFile(source, file, { key, copyTo: temp });
    if (await store.exists(storageKey)) {
      if (await sameBytes(store, storageKey, file)) return false;
      await store.delete(storageKey);
    }
    await store
      .putFromFile(storageKey, temp, file.contentType ?? contentTypeOf(storageKey) ?? "application/octet-stream")
      .catch((error: unknown) => {
        if (!(error instanceof KeyExists)) throw error;
      });
    return true;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

async function sameBytes(store: FileStore, key: string, file: ManifestFile): Promise<boolean> {
  const { stream } = await store.read(key);
  try {
    await checkFile(stream, file);
    return true;
  } catch (error) {
    if (error instanceof RestoreRefused) return false;
    throw error;
  }
}

/** The restored database may be older than this app: migrate it; its old leases are void. */
async function migrateRestored(databaseUrl: string | undefined): Promise<void> {
  const database = createDb(databaseUrl);
  try {
    await migrateToLatest(database);
    await database.deleteFrom("leases").execute();
  } finally {
    await database.destroy();
  }
}
