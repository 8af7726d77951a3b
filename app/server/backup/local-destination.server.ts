import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertValidKey } from "~/server/storage/file-store.server";
import { ENTRY_NAME, compareEntries, hashingTap, type BackupDestination, type EntryWriter } from "./destination.server";
import { MANIFEST } from "./manifest.server";
import { fsyncDir, fsyncPath } from "~/server/storage/fsync.server";

// A folder of backups. An entry is written as `{name}.partial`, every file and folder fsynced,
// then renamed to `{name}` and the parent fsynced: a crash at any point leaves either a `.partial`
// folder (never listed, removed by the next backup) or a complete entry.

const PARTIAL = ".partial";

export function createLocalDestination(rootDir: string, url = `file:${rootDir}`): BackupDestination {
  const root = path.resolve(rootDir);
  const entryDir = (name: string) => {
    if (!ENTRY_NAME.test(name)) throw new Error(`"${name}" is not a backup entry name`);
    return path.join(root, name);
  };
  const filePath = (dir: string, relPath: string) => {
    assertValidKey(relPath);
    return path.join(dir, ...relPath.split("/"));
  };

  async function names(): Promise<string[]> {
    return (await fs.readdir(root, { withFileTypes: true }).catch(missingAsEmpty)).filter((e) => e.isDirectory()).map((e) => e.name);
  }

  return {
    url,
    async list() {
      const complete: string[] = [];
      for (const name of await names()) {
        if (ENTRY_NAME.test(name) && (await isFile(path.join(root, name, MANIFEST)))) complete.push(name);
      }
      return complete.sort(compareEntries);
    },

    async listIncomplete() {
      const all = await names();
      const partial = all.filter((name) => name.endsWith(PARTIAL) && ENTRY_NAME.test(name.slice(0, -PARTIAL.length)));
      const unfinished: string[] = [];
      for (const name of all.filter((n) => ENTRY_NAME.test(n))) {
        if (!(await isFile(path.join(root, name, MANIFEST)))) unfinished.push(name);
      }
      return [...partial, ...unfinished];
    },

    async begin(name) {
      const final = entryDir(name);
      const dir = final + PARTIAL;
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      await fs.mkdir(dir, { mode: 0o700 });
      return localWriter(root, dir, final, (relPath) => filePath(dir, relPath));
    },

    async readManifest(name) {
      return fs.readFile(path.join(entryDir(name), MANIFEST), "utf8").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },

    async listFiles(name) {
      const dir = entryDir(name);
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .sort();
    },

    async open(name, relPath) {
      return createReadStream(filePath(entryDir(name), relPath));
    },

    async remove(name) {
      // `name` may be an interrupted `.partial`, which entryDir() would refuse.
      const dir = name.endsWith(PARTIAL) ? entryDir(name.slice(0, -PARTIAL.length)) + PARTIAL : entryDir(name);
      await fs.rm(path.join(dir, MANIFEST), { force: true });
      await fs.rm(dir, { recursive: true, force: true });
      await fsyncDir(root);
    },
  };
}

function localWriter(root: string, dir: string, final: string, filePath: (relPath: string) => string): EntryWriter {
  const dirs = new Set<string>([dir]);
  return {
    async put(relPath, source) {
      const target = filePath(relPath);
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      for (let d = path.dirname(target); d.startsWith(dir); d = path.dirname(d)) dirs.add(d);
      const tap = hashingTap();
      const out = createWriteStream(target, { flags: "wx", mode: 0o600 });
      await pipeline(source, tap, out);
      await fsyncPath(target);
      return tap.result();
    },

    async commit(manifestJson) {
      const manifest = path.join(dir, MANIFEST);
      await fs.writeFile(manifest, manifestJson, { flag: "wx", mode: 0o600 });
      await fsyncPath(manifest);
      // Deepest folders first, so each parent's entry for its child is durable after it.
      for (const d of [...dirs].sort((a, b) => b.length - a.length)) await fsyncDir(d);
      await fs.rename(dir, final);
      await fsyncDir(root);
    },

    async abort() {
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => null))?.isFile() ?? false;
}

function missingAsEmpty(error: NodeJS.ErrnoException): never[] {
  if (error.code === "ENOENT") return [];
  throw error;
}
