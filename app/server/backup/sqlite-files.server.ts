import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";

// The SQLite side of backup and restore. The copy is VACUUM INTO: one read transaction, so it is a
// consistent snapshot of everything committed before it began, and in WAL mode it never blocks
// the app's writers (the online backup API restarts whenever another process commits, which
// under steady writes may never finish). It runs in a worker thread: inside the app (scheduled
// backups) a large database must not stall the event loop.

const require = createRequire(import.meta.url);

const VACUUM_WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const SQLite = require(workerData.module);
const db = new SQLite(workerData.source, { fileMustExist: true, timeout: 5000 });
try {
  db.prepare("VACUUM INTO ?").run(workerData.target);
  parentPort.postMessage("done");
} finally {
  db.close();
}`;

/** Writes a consistent copy of the database `source` to `target` (which must not exist). */
export function snapshotSqlite(source: string, target: string): Promise<void> {
  if (!existsSync(source)) return Promise.reject(new Error(`No SQLite database at ${source}.`));
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, { eval: true, workerData: { module: require.resolve("better-sqlite3"), source, target } });
    let done = false;
    worker.once("message", () => (done = true));
    worker.once("error", reject);
    worker.once("exit", (code) => (done ? resolve() : reject(new Error(`The SQLite copy stopped (exit ${code}).`))));
  });
}

/**
 * Whether another process has the database open. Every connection to a WAL database holds a shared
 * lock for as long as it is open, idle or not, and the OS drops it when the process dies: asking
 * for the exclusive lock without waiting tells a running app (or the staff CLI) from a stopped one
 * with no stale state to clear after a crash.
 */
export function isSqliteInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return true;
    throw error;
  } finally {
    probe.close();
  }
}

/**
 * Replaces the database at `target` with the verified copy `source`, through SQLite's backup API:
 * the destination is rewritten inside its own transaction (journal or WAL), so a crash midway
 * leaves the old database or the new one, and its old -wal file is never replayed over the new one.
 */
export async function replaceSqlite(source: string, target: string): Promise<void> {
  const from = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await from.backup(target);
  } finally {
    from.close();
  }
}
