import { mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { isAbandoned } from "~/server/storage/temp-files.server";
import type { FileStore } from "./file-store.server";
import { createLocalFileStore, TEMP_DIR } from "./local.server";

// Private file storage (docs/security.md "Uploads"): on local disk under STORAGE_DIR, or in S3 when
// STORAGE_URL is set (decision 0012). Either way in-flight uploads are local temp files.

export { assertValidKey, type ByteRange, FileNotFound, InvalidKey, KeyExists, type FileStore, type OpenedFile } from "./file-store.server";
export { createLocalFileStore } from "./local.server";

let singleton: { config: string; store: FileStore } | undefined;

/** The app's store: S3 when STORAGE_URL is set, else STORAGE_DIR. */
export function fileStore(): FileStore {
  const env = getEnv();
  const root = path.resolve(env.STORAGE_DIR);
  // Keyed by configuration: tests point STORAGE_DIR (or STORAGE_URL) somewhere new per suite.
  const config = JSON.stringify([root, env.STORAGE_URL, env.S3_ENDPOINT, env.S3_REGION, env.S3_ACCESS_KEY_ID]);
  if (singleton?.config !== config) {
    for (const webRoot of ["public", "build/client"].map((dir) => path.resolve(dir))) {
      if (root === webRoot || root.startsWith(webRoot + path.sep)) {
        throw new Error(`STORAGE_DIR must be outside the web root (${webRoot}).`);
      }
    }
    const store = env.STORAGE_URL ? lazyS3FileStore(path.join(root, TEMP_DIR)) : createLocalFileStore(root);
    singleton = { config, store };
  }
  return singleton.store;
}

/** The S3 store, its SDK (a large load) imported when storage is first used, not at start-up. */
function lazyS3FileStore(tempDir: string): FileStore {
  mkdirSync(tempDir, { recursive: true, mode: 0o700 });
  let loaded: Promise<FileStore> | undefined;
  const store = () =>
    (loaded ??= import("./s3.server").then(({ createS3FileStore, s3ConfigFromEnv }) =>
      createS3FileStore(s3ConfigFromEnv(getEnv(), tempDir)),
    ));
  return {
    putFromFile: async (key, tempPath, contentType) => (await store()).putFromFile(key, tempPath, contentType),
    read: async (key, range) => (await store()).read(key, range),
    open: async (key, range) => (await store()).open(key, range),
    delete: async (key) => (await store()).delete(key),
    exists: async (key) => (await store()).exists(key),
    stat: async (key) => (await store()).stat(key),
    list: async (prefix) => (await store()).list(prefix),
    checkReachable: async () => (await store()).checkReachable(),
    tempDir: () => path.resolve(tempDir),
  };
}

/**
 * Removes uploads left in the temp dir by a crash or kill; run at startup. Files of dead processes
 * on this host go at once, others once older than `olderThanMs`. Intents (`*.intent`) are left to
 * `recoverResumeIntents`, which must run first.
 */
export async function cleanTempUploads(store: FileStore = fileStore(), olderThanMs = 0): Promise<number> {
  const dir = store.tempDir();
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? [] : Promise.reject(error)));
  let removed = 0;
  for (const name of names) {
    if (name.endsWith(".intent")) continue;
    const full = path.join(dir, name);
    const stat = await fs.lstat(full).catch(() => null);
    if (!stat || !isAbandoned(name, stat.mtimeMs, olderThanMs)) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed += 1;
  }
  if (removed > 0) logger.info({ removed, dir }, "removed leftover temp uploads");
  return removed;
}
