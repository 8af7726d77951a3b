import fs from "node:fs/promises";
import path from "node:path";
import { logger } from "~/server/logger.server";
import { assertValidKey, fileStore, type FileStore } from "~/server/storage/storage.server";
import { isAbandoned, tempFileName } from "~/server/storage/temp-files.server";

// A resume and its application row commit in two places, the store and then the database; a kill
// in between (faults) would leave a file that no row points to. So the key is written to
// an intent file in the temp dir before the file is stored, and the intent is cleared once the row
// has committed or the file is gone again. At startup, a dead process's intents are replayed: a
// key that no row references has its file deleted.

// Project files use the same intents, noting every key of an upload session (originals
// and thumbnails) at once; recovery asks one `isReferenced` for every key, whatever its prefix.

export interface ResumeIntent {
  /** Records that `key` (or each of `keys`) is about to be stored; durable before the files are. */
  note(key: string | string[]): Promise<void>;
  /** The row committed, or the stored file was removed again. */
  clear(): Promise<void>;
}

export function resumeIntent(store: FileStore = fileStore()): ResumeIntent {
  const file = path.join(store.tempDir(), tempFileName("intent"));
  let written = false;
  return {
    async note(key) {
      // Rewritten in place for each key tried: a half-written intent is only ever left behind
      // before its key was stored, so recovery may safely ignore one it cannot read.
      const handle = await fs.open(file, "w", 0o600);
      try {
        await handle.writeFile(JSON.stringify(typeof key === "string" ? { key } : { keys: key }));
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (!written) await syncDir(path.dirname(file));
      written = true;
    },
    clear: () => fs.rm(file, { force: true }),
  };
}

/**
 * Replays the intents of dead processes (and any older than `olderThanMs`): deletes each stored
 * file whose key `isReferenced` denies, then the intent. Run at startup, before any upload.
 */
/** The intent of any stored upload (same mechanism as resumes). */
export const storedFilesIntent = resumeIntent;

export async function recoverResumeIntents(
  isReferenced: (key: string) => Promise<boolean>,
  store: FileStore = fileStore(),
  olderThanMs = 0,
): Promise<number> {
  const dir = store.tempDir();
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".intent"));
  let deleted = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat || !isAbandoned(name, stat.mtimeMs, olderThanMs)) continue;
    const keys = await fs.readFile(file, "utf8").then(keysOf, () => []);
    for (const key of keys) {
      if (await isReferenced(key)) continue;
      await store.delete(key);
      deleted += 1;
    }
    await fs.rm(file, { force: true });
  }
  if (deleted > 0) logger.warn({ deleted }, "deleted files stored by a crashed process without their row");
  return deleted;
}

function keysOf(text: string): string[] {
  try {
    const { key, keys } = JSON.parse(text) as { key?: unknown; keys?: unknown };
    const all = Array.isArray(keys) ? keys : [key];
    if (!all.every((k): k is string => typeof k === "string")) return [];
    all.forEach(assertValidKey);
    return all;
  } catch {
    return [];
  }
}

async function syncDir(dir: string): Promise<void> {
  if (process.platform === "win32") return; // directories cannot be opened there
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
