import { constants, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import { tempFileName } from "~/server/storage/temp-files.server";
import path from "node:path";
import type { Readable } from "node:stream";
import { sendFileRange } from "./send-range.server";
import { fsyncDir, fsyncPath } from "./fsync.server";
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  contentTypeOf,
  FileNotFound,
  InvalidKey,
  KeyExists,
  type FileStore,
} from "./file-store.server";

// The local backend: files live under a generated key outside the web root; a write goes temp
// file → fsync → link/rename → fsync directory, so a crash never leaves a partial file under a key.

export const TEMP_DIR = ".tmp";
const READ_CHUNK = 256 * 1024;
// Filesystems without hard links (FAT, some network mounts) answer with one of these.
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS"]);

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

  async function openFile(key: string): Promise<{ handle: fs.FileHandle; size: number }> {
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
    return { handle, size: stat.size };
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

    async read(key, range) {
      const { handle, size } = await openFile(key);
      return { stream: readStream(handle, size, range), size, contentType: contentTypeOf(key) };
    },

    async open(key, range) {
      const { handle, size } = await openFile(key);
      let taken = false;
      const take = () => {
        if (taken) throw new Error(`"${key}" was already sent`);
        taken = true;
      };
      return {
        size,
        stream: () => {
          take();
          return readStream(handle, size, range);
        },
        writeTo: async (out) => {
          take();
          try {
            await sendFileRange(handle, range?.start ?? 0, Math.min(range?.end ?? Infinity, size - 1), out);
          } finally {
            await handle.close();
          }
        },
        close: async () => {
          if (taken) return;
          taken = true;
          await handle.close();
        },
      };
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

    async stat(key) {
      try {
        const stat = await fs.lstat(resolveKey(key));
        return stat.isFile() ? { size: stat.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async list(prefix) {
      assertValidPrefix(prefix);
      const dir = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = dir ? resolveKey(dir) : root;
      const keys = (await walk(start, dir)).filter((key) => key.startsWith(prefix));
      return keys.sort();
    },

    async checkReachable() {
      await fs.access(tmp, constants.W_OK);
    },

    tempDir: () => tmp,
  };
}

/** The file (or its range) as a stream that closes the handle when done. Larger chunks than the
 *  default 64 kB: fewer hops through the web-stream bridge when it becomes a Fetch Response. */
function readStream(handle: fs.FileHandle, size: number, range?: ByteRange): Readable {
  return range
    ? handle.createReadStream({ start: range.start, end: Math.min(range.end, Math.max(size - 1, 0)), highWaterMark: READ_CHUNK })
    : handle.createReadStream({ highWaterMark: READ_CHUNK });
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
