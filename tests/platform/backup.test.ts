import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runBackup } from "~/server/backup/backup.server";
import { destinationFor } from "~/server/backup/config.server";
import { createLocalDestination } from "~/server/backup/local-destination.server";
import { RestoreRefused, runRestore } from "~/server/backup/restore.server";
import { startBackupSchedule } from "~/server/backup/schedule.server";
import { closeDb, createDb, db } from "~/server/db/db.server";
import { holdInstanceLock } from "~/server/db/instance-lock.server";
import { EnvError, parseEnv } from "~/server/env.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { createLocalFileStore, fileStore, type FileStore } from "~/server/storage/storage.server";
import { freshTarget, runCli, sha256, spawnCli, storedSha } from "../helpers/backups";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";

// Backups you can restore. Real SQLite files and PostgreSQL (pg_dump/pg_restore),
// real stores (local disk, s3rver), the real CLI in a process of its own where a kill -9 matters.

interface Ack {
  id: string;
  key: string;
  sha: string;
  at: number;
}

/** `count` writers, each submitting quotes (the real model, group commit and outbox) and storing a file, until stopped. */
function startWriters(count: number, store: FileStore) {
  const acks: Ack[] = [];
  let running = true;
  const writer = async (w: number) => {
    for (let i = 0; running; i++) {
      const key = `resumes/w${w}_${i}_cv.pdf`;
      const bytes = Buffer.concat([Buffer.from("%PDF-1.4 "), randomBytes(2_000 + ((w * 37 + i * 11) % 6_000))]);
      const temp = path.join(store.tempDir(), `writer-${w}-${i}.part`);
      writeFileSync(temp, bytes);
      await store.putFromFile(key, temp, "application/pdf");
      const quote = await submitQuote({
        consent: CURRENT_CONSENT_VERSION,
        name: `Writer ${w}`,
        email: `w${w}.${i}@example.com`,
        phone: "+91 98200 12345",
        country: "India",
        requirement: key,
      });
      acks.push({ id: quote.id, key, sha: sha256(bytes), at: Date.now() });
      // People posting forms, not a tight loop: a few posts a second each.
      await new Promise((resolve) => setTimeout(resolve, 200 + ((w * 7 + i) % 5) * 20));
    }
  };
  const done = Promise.all(Array.from({ length: count }, (_, w) => writer(w)));
  return {
    acks,
    async stop() {
      running = false;
      await done;
    },
  };
}

for (const database of testDatabases("backup")) {
  describe(`backups on ${database.name}`, () => {
    let app: Awaited<ReturnType<typeof useAppDatabase>>;
    beforeAll(async () => {
      app = await useAppDatabase(database);
    });
    afterAll(async () => app.cleanup());

    test("A backup taken while 50 writers post holds every row and file acknowledged before it began, and restores into a fresh place with matching checksums", async () => {
      const store = fileStore();
      const writers = startWriters(50, store);
      await waitFor(() => (writers.acks.length >= 60 ? true : undefined));
      const backupDir = tempDir("backups-");
      // Exactly what had been acknowledged when the backup was asked for.
      const acked = writers.acks.slice();
      const result = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7 }))!;
      await writers.stop();
      expect(acked.length).toBeGreaterThanOrEqual(60);
      expect(acked.every((a) => a.at <= result.snapshotAt.getTime())).toBe(true);
      expect(writers.acks.length).toBeGreaterThan(acked.length); // writes went on during the backup

      const target = await freshTarget(database.name, process.env.DATABASE_URL!);
      const targetStore = createLocalFileStore(tempDir("restore-files-"));
      const restoreStart = Date.now();
      const restored = await runRestore({
        destination: createLocalDestination(backupDir),
        name: result.name,
        databaseUrl: target.url,
        store: targetStore,
      });
      const restoreMs = Date.now() - restoreStart;
      const check = createDb(target.url);
      try {
        const ids = new Set((await check.selectFrom("quotes").select("id").execute()).map((r) => r.id));
        const missingRows = acked.filter((a) => !ids.has(a.id));
        expect(missingRows).toEqual([]);
        for (const ack of acked) expect(await storedSha(targetStore, ack.key), ack.key).toBe(ack.sha);
        const outbox = await check
          .selectFrom("mailOutbox")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow();
        expect(Number(outbox.n)).toBeGreaterThanOrEqual(acked.length); // the outbox rows of those quotes came along
        console.log(
          `[backup figures, ${database.name}] 50 writers; ${writers.acks.length} quotes+files acknowledged in all, ${acked.length} before the backup began, all present after restore; ` +
            `backup: ${ids.size} quote rows, ${result.files} files, ${result.bytes} bytes, ${result.ms} ms; restore: ${restored.files} files, ${restored.bytes} bytes, ${restoreMs} ms (every SHA-256 verified)`,
        );
      } finally {
        await check.destroy();
        await target.drop();
        for (const key of await store.list("resumes/")) await store.delete(key);
      }
    }, 60_000);

    test("A corrupted backup (one byte flipped) is refused with the reason, and nothing is restored", async () => {
      const backupDir = tempDir("backups-");
      const key = "resumes/flip_cv.pdf";
      const temp = path.join(fileStore().tempDir(), "flip.part");
      writeFileSync(temp, "%PDF-1.4 flip me");
      await fileStore().putFromFile(key, temp, "application/pdf");
      const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7 }))!;
      const target = await freshTarget(database.name, process.env.DATABASE_URL!);
      const targetDir = tempDir("restore-files-");
      try {
        for (const relPath of [`files/${key}`, database.name === "sqlite" ? "database.sqlite" : "database.pgdump"]) {
          const file = path.join(backupDir, name, ...relPath.split("/"));
          const original = readFileSync(file);
          const flipped = Buffer.from(original);
          flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
          writeFileSync(file, flipped);
          const restore = runRestore({
            destination: createLocalDestination(backupDir),
            name,
            databaseUrl: target.url,
            store: createLocalFileStore(targetDir),
          });
          await expect(restore).rejects.toThrow(RestoreRefused);
          await expect(restore).rejects.toThrow(
            `The backup is corrupted: ${relPath} does not match its SHA-256 in the manifest. Nothing was restored.`,
          );
          writeFileSync(file, original);
        }
        expect(readdirSync(targetDir).filter((f) => f !== ".tmp")).toEqual([]);
        expect(readdirSync(path.join(targetDir, ".tmp"))).toEqual([]);
        if (database.name === "sqlite") expect(existsSync(target.url.slice("file:".length))).toBe(false);
      } finally {
        await target.drop();
      }
    }, 30_000);

    test("A restore over the app's own database, once the app stopped, brings back the backup's rows and drops later ones", async () => {
      const backupDir = tempDir("backups-");
      const before = await submitQuote({
        consent: CURRENT_CONSENT_VERSION,
        name: "Before",
        email: "before@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "Kept.",
      });
      const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7 }))!;
      const after = await submitQuote({
        consent: CURRENT_CONSENT_VERSION,
        name: "After",
        email: "after@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "Lost.",
      });
      await closeDb(); // the app stops
      await runRestore({ destination: createLocalDestination(backupDir), name, databaseUrl: process.env.DATABASE_URL, store: fileStore() });
      const ids = (await db().selectFrom("quotes").select("id").execute()).map((r) => r.id);
      expect(ids).toContain(before.id);
      expect(ids).not.toContain(after.id);
      expect(await db().selectFrom("leases").selectAll().execute()).toEqual([]);
    });

    test("A restore is refused while an app runs on the database", async () => {
      const backupDir = tempDir("backups-");
      const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7 }))!;
      const url = process.env.DATABASE_URL!;
      const restore = () => runRestore({ destination: createLocalDestination(backupDir), name, databaseUrl: url, store: fileStore() });
      if (database.name === "sqlite") {
        // This test process is the running app: another process (the CLI) must be refused.
        await db().selectFrom("quotes").select("id").limit(1).execute();
        const cli = await runCli(["scripts/restore.ts", path.join(backupDir, name)], { DATABASE_URL: url, STORAGE_DIR: app.storageDir });
        expect(cli.code).toBe(2);
        expect(cli.stderr).toContain("is open in another process (a running app, a backup or the staff CLI): stop the app, then restore.");
      } else {
        const lock = await holdInstanceLock(url);
        try {
          await expect(restore()).rejects.toThrow(
            "An app instance is running on this PostgreSQL database (it holds the instance lock): stop every instance, then restore.",
          );
        } finally {
          await lock.close();
        }
      }
    }, 30_000);
  });
}

describe("backups on SQLite with local files", () => {
  let app: Awaited<ReturnType<typeof useAppDatabase>>;
  beforeAll(async () => {
    app = await useAppDatabase(testDatabases("backup")[0]!);
  });
  afterAll(async () => app.cleanup());

  test("A backup killed with -9 midway leaves nothing listed, and the next backup is good", async () => {
    const store = fileStore();
    for (let i = 0; i < 150; i++) {
      const temp = path.join(store.tempDir(), `seed-${i}.part`);
      writeFileSync(temp, randomBytes(256 * 1024));
      await store.putFromFile(`projects/p1/f${i}.bin`, temp, "application/octet-stream");
    }
    const backupDir = tempDir("backups-");
    const env = { DATABASE_URL: process.env.DATABASE_URL!, STORAGE_DIR: app.storageDir, BACKUP_URL: `file:${backupDir}` };
    const child = spawnCli(["scripts/backup.ts"], env);
    const partial = await waitFor(() =>
      readdirSync(backupDir).find((n) => n.endsWith(".partial") && existsSync(path.join(backupDir, n, "files"))),
    );
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const destination = createLocalDestination(backupDir);
    expect(await destination.list()).toEqual([]);
    expect(await destination.listIncomplete()).toEqual([partial]);

    const next = (await runBackup({ destination, keep: 7 }))!;
    expect(next.removedIncomplete).toEqual([partial]);
    expect(await destination.list()).toEqual([next.name]);
    expect(readdirSync(backupDir)).toEqual([next.name]);
    expect(next.files).toBe(150);
    const targetStore = createLocalFileStore(tempDir("restore-files-"));
    const restored = await runRestore({
      destination,
      name: next.name,
      databaseUrl: `file:${path.join(tempDir("restore-db-"), "app.sqlite")}`,
      store: targetStore,
    });
    expect(restored.written).toBe(150);
    for (const key of await store.list("projects/")) await store.delete(key);
  }, 60_000);

  test("A foreign folder is refused with the reason", async () => {
    const backupDir = tempDir("backups-");
    const name = "backup-20260101T000000Z";
    mkdirSync(path.join(backupDir, name));
    const destination = createLocalDestination(backupDir);
    const restore = () =>
      runRestore({
        destination,
        name,
        databaseUrl: `file:${path.join(tempDir("restore-db-"), "app.sqlite")}`,
        store: createLocalFileStore(tempDir("restore-files-")),
      });
    writeFileSync(path.join(backupDir, name, "manifest.json"), JSON.stringify({ format: "pocketbase", files: [] }));
    await expect(restore()).rejects.toThrow(
      `${name} is refused: not a backup of this app (manifest format "pocketbase", expected "agency-site-backup").`,
    );
    const ours = (await runBackup({ destination, keep: 7 }))!;
    const manifest = JSON.parse(readFileSync(path.join(backupDir, ours.name, "manifest.json"), "utf8"));
    writeFileSync(
      path.join(backupDir, name, "manifest.json"),
      JSON.stringify({ ...manifest, app: { name: "another-app", version: "1.0.0" } }),
    );
    await expect(restore()).rejects.toThrow(`${name} is refused: not a backup of this app (made by "another-app", this is "agency-site").`);
    writeFileSync(path.join(backupDir, name, "manifest.json"), "{ not json");
    await expect(restore()).rejects.toThrow(`${name} is refused: its manifest.json is not valid JSON (corrupted).`);
    rmManifest(backupDir, name);
    writeFileSync(path.join(backupDir, name, "database.sqlite"), "x");
    await expect(restore()).rejects.toThrow(
      `${name} at file:${backupDir} has no manifest.json: an interrupted backup, or not a backup of this app.`,
    );
  });

  test("Only the newest BACKUP_KEEP backups are kept, older ones removed after the new one is complete", async () => {
    const backupDir = tempDir("backups-");
    const destination = createLocalDestination(backupDir);
    const at = new Date("2026-11-25T03:00:00Z");
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push((await runBackup({ destination, keep: 2, now: () => at }))!.name);
    expect(names).toEqual([
      "backup-20261125T030000Z",
      "backup-20261125T030000Z-2",
      "backup-20261125T030000Z-3",
      "backup-20261125T030000Z-4",
    ]);
    expect(await destination.list()).toEqual(names.slice(2));
    expect(readdirSync(backupDir).sort()).toEqual(names.slice(2));
  });

  test("Two instances on one schedule run each occurrence once, whoever comes first", async () => {
    const backupDir = tempDir("backups-");
    const destination = createLocalDestination(backupDir);
    const slots: number[] = [];
    const schedulers = [0, 1].map(() =>
      startBackupSchedule("* * * * * *", async (slot) => {
        const result = await runBackup({ destination, keep: 100, slot });
        if (result) slots.push(slot);
        return result;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    for (const s of schedulers) s.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(new Set(slots).size).toBe(slots.length);
    expect((await destination.list()).length).toBe(slots.length);
    // The same occurrence again (a late timer) is not run twice.
    expect(await runBackup({ destination, keep: 100, slot: slots[0]! })).toBeNull();
  }, 15_000);

  test("npm run backup and npm run restore work end to end from the command line", async () => {
    const backupDir = tempDir("backups-");
    const env = { DATABASE_URL: process.env.DATABASE_URL!, STORAGE_DIR: app.storageDir, BACKUP_URL: `file:${backupDir}`, BACKUP_KEEP: "3" };
    const backup = await runCli(["scripts/backup.ts"], env);
    expect(backup.code, backup.stderr).toBe(0);
    const name = /Wrote (backup-\S+):/.exec(backup.stdout)![1]!;
    expect(backup.stdout).toContain(`Restore it with: npm run restore -- ${name}`);
    const listed = await runCli(["scripts/backup.ts", "--list"], env);
    expect(listed.stdout.trim()).toBe(name);
    const fresh = tempDir("restore-cli-");
    const restore = await runCli(["scripts/restore.ts", name], {
      ...env,
      DATABASE_URL: `file:${path.join(fresh, "app.sqlite")}`,
      STORAGE_DIR: path.join(fresh, "uploads"),
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/every SHA-256 matched; the database and \d+ file\(s\)/);
    const missing = await runCli(["scripts/restore.ts", "backup-19990101T000000Z"], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`There is no backup backup-19990101T000000Z at file:${backupDir}.`);
  }, 60_000);
});

describe("backups to S3", () => {
  let s3: TestS3;
  let app: Awaited<ReturnType<typeof useAppDatabase>>;
  beforeAll(async () => {
    s3 = await startS3();
    app = await useAppDatabase(testDatabases("backup")[0]!);
  });
  afterAll(async () => {
    await app.cleanup();
    await s3.stop();
  });

  test("A backup of S3-stored files to an S3 prefix restores into a fresh folder; an entry without a manifest is never listed and is cleaned up", async () => {
    const bucket = await s3.createBucket();
    await withEnv({ ...s3.env(bucket, "uploads"), STORAGE_DIR: app.storageDir, BACKUP_URL: `s3://${bucket}/backups` }, async () => {
      const store = fileStore();
      const files = new Map<string, Buffer>();
      for (let i = 0; i < 5; i++) {
        const bytes = randomBytes(10_000 + i);
        const temp = path.join(store.tempDir(), `s3-${i}.part`);
        writeFileSync(temp, bytes);
        await store.putFromFile(`resumes/guest_${i}_cv.pdf`, temp, "application/pdf");
        files.set(`resumes/guest_${i}_cv.pdf`, bytes);
      }
      await submitQuote({
        consent: CURRENT_CONSENT_VERSION,
        name: "Asha Rao",
        email: "asha@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "A CRM.",
      });
      // What a killed backup leaves on S3: objects, no manifest.
      await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: "backups/backup-20200101T000000Z/database.sqlite", Body: "half" }));
      const destination = await destinationFor();
      expect(await destination.list()).toEqual([]);

      const result = (await runBackup({ destination, keep: 7 }))!;
      expect(result.removedIncomplete).toEqual(["backup-20200101T000000Z"]);
      expect(await destination.list()).toEqual([result.name]);
      expect(await destination.listIncomplete()).toEqual([]);

      const targetStore = createLocalFileStore(tempDir("restore-files-"));
      const target = `file:${path.join(tempDir("restore-db-"), "app.sqlite")}`;
      const restored = await runRestore({ destination, name: result.name, databaseUrl: target, store: targetStore });
      expect(restored.files).toBe(5);
      for (const [key, bytes] of files) expect(await storedSha(targetStore, key)).toBe(sha256(bytes));
      const check = createDb(target);
      expect((await check.selectFrom("quotes").select("email").execute()).map((r) => r.email)).toEqual(["asha@example.com"]);
      await check.destroy();

      await s3.client.send(
        new PutObjectCommand({ Bucket: bucket, Key: `backups/${result.name}/files/resumes/guest_0_cv.pdf`, Body: randomBytes(10_000) }),
      );
      await expect(runRestore({ destination, name: result.name, databaseUrl: target, store: targetStore })).rejects.toThrow(
        "The backup is corrupted: files/resumes/guest_0_cv.pdf does not match its SHA-256 in the manifest. Nothing was restored.",
      );
    });
  }, 60_000);
});

test("Backups inside the file store are refused, since each backup would copy the ones before it", async () => {
  const storage = tempDir("store-");
  await withEnv({ STORAGE_DIR: storage, STORAGE_URL: "", BACKUP_URL: `file:${path.join(storage, "backups")}` }, async () => {
    await expect(destinationFor()).rejects.toThrow(
      `BACKUP_URL (file:${path.join(storage, "backups")}) is inside the file store (${storage}): choose a place outside it.`,
    );
  });
  await withEnv({ STORAGE_DIR: storage, STORAGE_URL: "s3://agency-files", BACKUP_URL: "s3://agency-files/backups" }, async () => {
    await expect(destinationFor()).rejects.toThrow("is inside the file store (s3://agency-files)");
  });
});

test("BACKUP_URL, BACKUP_KEEP and BACKUP_SCHEDULE are checked at boot", () => {
  const parse = (env: Record<string, string>) => parseEnv({ AUTH_SECRET: "x".repeat(32), ...env });
  expect(parse({}).BACKUP_URL).toBe("file:./data/backups");
  expect(parse({}).BACKUP_KEEP).toBe(7);
  expect(parse({ BACKUP_URL: "s3://agency-backups/nightly", BACKUP_KEEP: "30", BACKUP_SCHEDULE: "0 3 * * *" })).toMatchObject({
    BACKUP_KEEP: 30,
    BACKUP_SCHEDULE: "0 3 * * *",
  });
  expect(() => parse({ BACKUP_URL: "/var/backups" })).toThrow(EnvError);
  expect(() => parse({ BACKUP_URL: "/var/backups" })).toThrow("BACKUP_URL: must be file:PATH or s3://bucket[/prefix]");
  expect(() => parse({ BACKUP_KEEP: "0" })).toThrow("BACKUP_KEEP");
  expect(() => parse({ BACKUP_SCHEDULE: "every night" })).toThrow(
    "BACKUP_SCHEDULE: must be a cron pattern such as 0 3 * * * (minute hour day month weekday)",
  );
});

function rmManifest(dir: string, name: string): void {
  rmSync(path.join(dir, name, "manifest.json"));
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
