import { constants, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { getEnv } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { isAbandoned, tempFileName } from "~/server/uploads/temp-files.server";

// Private file storage (SECURITY.md "Uploads"): files live under a generated key outside the web
// root; a write goes temp file → fsync → link/rename → fsync directory, so a crash never leaves a
// partial file under a key. The interface is backend-neutral so an S3 store can replace it.

export interface FileStore {
  /** Atomically stores the file at `key` from a local temp file path, consuming (moving) that file.
   *  Never overwrites: throws `KeyExists` if something is already stored at `key`. */
  putFromFile(key: string, tempPath: string, contentType: string): Promise<void>;
  /** Opens a stored file for streaming; throws `FileNotFound` when missing. */
  read(key: string): Promise<{ stream: Readable; size: number; contentType?: string }>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys starting with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Where in-flight uploads are written (same filesystem as the store when local). */
  tempDir(): string;
}

export class FileNotFound extends Error {
  readonly status = 404;
  constructor(key: string) {
    super(`No stored file at "${key}".`);
    this.name = "FileNotFound";
  }
}

export class InvalidKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidKey";
  }
}

export class KeyExists extends Error {
  constructor(key: string) {
    super(`A file is already stored at "${key}".`);
    this.name = "KeyExists";
  }
}

const TEMP_DIR = ".tmp";
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._ -]*$/;
const CONTENT_TYPES: Record<string, string> = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
// Filesystems without hard links (FAT, some network mounts) answer with one of these.
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

/** Keys are relative POSIX paths of safe segments: no `..`, no absolute path, no `\`, NUL or dot-files. */
export function assertValidKey(key: string): void {
  const ok =
    typeof key === "string" &&
    key.length > 0 &&
    key.length <= 512 &&
    !key.includes("..") &&
    key.split("/").every((segment) => SEGMENT.test(segment));
  if (!ok) throw new InvalidKey(key);
}

export function createLocalFileStore(rootDir: string): FileStore {
  const root = path.resolve(rootDir);
  const tmp = path.join(root, TEMP_DIR);
  mkdirSync(tmp, { recursive: true, mode: 0o700 });

  function resolveKey(key: string): string {
    assertValidKey(key);
    const full = path.join(root, ...key.split("/"));
    if (!full.startsWith(root + path.sep)) throw new InvalidKey(key);
    return full;
  }

  async function commit(staged: string, key: string, target: string): Promise<void> {
    try {
      await fs.link(staged, target); // fails with EEXIST instead of overwriting
    } catch (error) {
      const code = errorCode(error);
      if (code === "EEXIST") throw new KeyExists(key);
      if (!code || !NO_HARD_LINKS.has(code)) throw error;
      if (await isFile(target)) throw new KeyExists(key);
      await fs.rename(staged, target);
      return;
    }
    await fs.rm(staged, { force: true });
  }

  return {
    async putFromFile(key, tempPath, _contentType) {
      const target = resolveKey(key);
      await ensureDir(path.dirname(target));
      // A file from elsewhere (maybe another filesystem) is first copied next to the store.
      const foreign = path.dirname(path.resolve(tempPath)) !== tmp;
      const staged = foreign ? path.join(tmp, tempFileName("part")) : tempPath;
      try {
        if (foreign) await fs.copyFile(tempPath, staged, constants.COPYFILE_EXCL);
        await fsyncPath(staged);
        await commit(staged, key, target);
        await fsyncDir(path.dirname(target));
      } finally {
        if (foreign) await fs.rm(staged, { force: true });
      }
      if (foreign) await fs.rm(tempPath, { force: true });
    },

    async read(key) {
      const full = resolveKey(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(full, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      } catch (error) {
        if (isMissing(error)) throw new FileNotFound(key);
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        throw new FileNotFound(key);
      }
      return { stream: handle.createReadStream(), size: stat.size, contentType: contentTypeOf(key) };
    },

    async delete(key) {
      const full = resolveKey(key);
      try {
        await fs.unlink(full);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await fsyncDir(path.dirname(full));
    },

    async exists(key) {
      return isFile(resolveKey(key));
    },

    async list(prefix) {
      if (prefix !== "" && (prefix.startsWith("/") || prefix.includes("..") || /[\\\0]/.test(prefix))) {
        throw new InvalidKey(prefix);
      }
      const dir = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = dir ? resolveKey(dir) : root;
      const keys = (await walk(start, dir)).filter((key) => key.startsWith(prefix));
      return keys.sort();
    },

    tempDir: () => tmp,
  };
}

let singleton: { root: string; store: FileStore } | undefined;

/** The app's store, rooted at STORAGE_DIR. */
export function fileStore(): FileStore {
  const env = getEnv();
  // Keyed by root: tests point STORAGE_DIR at a new directory per suite.
  if (singleton?.root !== path.resolve(env.STORAGE_DIR)) {
    if (env.STORAGE_URL) {
      throw new Error("STORAGE_URL (S3) is not supported yet: unset it to keep files under STORAGE_DIR.");
    }
    const root = path.resolve(env.STORAGE_DIR);
    for (const webRoot of ["public", "build/client"].map((dir) => path.resolve(dir))) {
      if (root === webRoot || root.startsWith(webRoot + path.sep)) {
        throw new Error(`STORAGE_DIR must be outside the web root (${webRoot}).`);
      }
    }
    singleton = { root, store: createLocalFileStore(root) };
  }
  return singleton.store;
}

/**
 * Removes uploads left in the temp dir by a crash or kill; run at startup. Files of dead processes
 * on this host go at once, others once older than `olderThanMs`. Intents (`*.intent`) are left to
 * `recoverResumeIntents`, which must run first.
 */
export async function cleanTempUploads(store: FileStore = fileStore(), olderThanMs = 0): Promise<number> {
  const dir = store.tempDir();
  const names = await fs.readdir(dir).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
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

function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}

async function walk(dir: string, keyPrefix: string): Promise<string[]> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue; // the temp dir and anything else not a key
    const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await walk(path.join(dir, entry.name), key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}

/** mkdir -p, then fsync the parent of every directory it created so the new entries are durable. */
async function ensureDir(dir: string): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (!first) return;
  for (let created = dir; ; created = path.dirname(created)) {
    await fsyncDir(path.dirname(created));
    if (created === first || path.dirname(created) === created) break;
  }
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    await fsyncPath(dir);
  } catch (error) {
    // Windows cannot open or fsync a directory; elsewhere this is a real failure.
    if (process.platform !== "win32") throw error;
  }
}

async function isFile(full: string): Promise<boolean> {
  try {
    return (await fs.lstat(full)).isFile();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP";
}
