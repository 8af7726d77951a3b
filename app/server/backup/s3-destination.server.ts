import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStore } from "~/server/storage/file-store.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { ENTRY_NAME, compareEntries, type BackupDestination } from "./destination.server";
import { MANIFEST } from "./manifest.server";

// Backups under an S3 prefix, through the S3 file store (objects exist whole or not at all).
// There is no rename on S3: the manifest is put last, and an entry without one is not a backup.

export function createS3Destination(store: FileStore, url: string): BackupDestination {
  async function entries(): Promise<Map<string, string[]>> {
    const byEntry = new Map<string, string[]>();
    for (const key of await store.list("backup-")) {
      const [name, ...rest] = key.split("/");
      if (!ENTRY_NAME.test(name!) || rest.length === 0) continue;
      byEntry.set(name!, [...(byEntry.get(name!) ?? []), rest.join("/")]);
    }
    return byEntry;
  }
  const key = (name: string, relPath: string) => {
    if (!ENTRY_NAME.test(name)) throw new Error(`"${name}" is not a backup entry name`);
    return `${name}/${relPath}`;
  };

  return {
    url,
    async list() {
      return [...(await entries())]
        .filter(([, files]) => files.includes(MANIFEST))
        .map(([name]) => name)
        .sort(compareEntries);
    },
    async listIncomplete() {
      return [...(await entries())].filter(([, files]) => !files.includes(MANIFEST)).map(([name]) => name);
    },
    async begin(name) {
      const written: string[] = [];
      return {
        async put(relPath, source) {
          // Staged locally first: the store puts whole files, each checked by its Content-MD5.
          const temp = path.join(store.tempDir(), tempFileName("part"));
          try {
            await pipeline(source, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
            await store.putFromFile(key(name, relPath), temp, "application/octet-stream");
            written.push(relPath);
          } finally {
            await fs.rm(temp, { force: true });
          }
        },
        async commit(manifestJson) {
          const temp = path.join(store.tempDir(), tempFileName("part"));
          await fs.writeFile(temp, manifestJson, { flag: "wx", mode: 0o600 });
          try {
            await store.putFromFile(key(name, MANIFEST), temp, "application/json");
          } finally {
            await fs.rm(temp, { force: true });
          }
        },
        async abort() {
          for (const relPath of written) await store.delete(key(name, relPath));
        },
      };
    },
    async readManifest(name) {
      if (!(await store.exists(key(name, MANIFEST)))) return null;
      const { stream } = await store.read(key(name, MANIFEST));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    async listFiles(name) {
      return (await store.list(`${key(name, "")}`)).map((k) => k.slice(name.length + 1)).sort();
    },
    async open(name, relPath) {
      return (await store.read(key(name, relPath))).stream;
    },
    async remove(name) {
      await store.delete(key(name, MANIFEST));
      for (const k of await store.list(`${name}/`)) await store.delete(k);
    },
  };
}
