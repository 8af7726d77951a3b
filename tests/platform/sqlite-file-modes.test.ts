import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { createDb, migrateToLatest } from "~/server/db/db.server";
import { tempDir } from "../helpers/temp-dirs";

// Accounts, sessions and outbox rows live in the SQLite file and its WAL; other users of
// the host must not read them, whatever the process's umask.
const mode = (file: string) => statSync(file).mode & 0o777;

test("A fresh SQLite database is created in a folder only its owner can open, and its files are 0600, WAL and SHM included", async () => {
  const dataDir = path.join(tempDir("agency-modes-"), "data");
  const file = path.join(dataDir, "app.sqlite");
  const database = createDb(`file:${file}`);
  try {
    await migrateToLatest(database);
    expect(mode(dataDir)).toBe(0o700);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) {
      expect(existsSync(name), name).toBe(true);
      expect(mode(name).toString(8), name).toBe("600");
    }
  } finally {
    await database.destroy();
  }
});

test("An existing world-readable database and its WAL are made private when opened", async () => {
  const dir = tempDir("agency-modes-");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "old.sqlite");
  const first = createDb(`file:${file}`);
  await migrateToLatest(first);
  await first.destroy();
  writeFileSync(`${file}-wal`, "");
  for (const name of [file, `${file}-wal`]) chmodSync(name, 0o644);
  const database = createDb(`file:${file}`);
  try {
    await migrateToLatest(database);
    for (const name of [file, `${file}-wal`, `${file}-shm`]) expect(mode(name).toString(8), name).toBe("600");
  } finally {
    await database.destroy();
  }
});
