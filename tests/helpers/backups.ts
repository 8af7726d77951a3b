import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "kysely";
import { createDb } from "~/server/db/db.server";
import type { FileStore } from "~/server/storage/storage.server";
import type { TestDatabase } from "./databases";
import { tempDir } from "./temp-dirs";

// Shared by the backup suites: a fresh place to restore into, a stored file's checksum, and the
// real backup and restore commands in processes of their own.

const ROOT = path.resolve(import.meta.dirname, "../..");

export const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export async function storedSha(store: FileStore, key: string): Promise<string> {
  const { stream } = await store.read(key);
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** A fresh database of the same kind to restore into: a new SQLite folder, or a new PostgreSQL database. */
export async function freshTarget(kind: TestDatabase["name"], sourceUrl: string) {
  if (kind === "sqlite") {
    const dir = tempDir("restore-target-");
    return { url: `file:${path.join(dir, "app.sqlite")}`, drop: async () => {} };
  }
  const name = `restore_${randomBytes(5).toString("hex")}`;
  const admin = createDb(process.env.TEST_DATABASE_URL);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

export function spawnCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, AUTH_SECRET: "cli-test-secret-0123456789-0123456789", LOG_LEVEL: "warn", STORAGE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}
