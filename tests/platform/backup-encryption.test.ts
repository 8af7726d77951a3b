import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runBackup } from "~/server/backup/backup.server";
import { destinationFor } from "~/server/backup/config.server";
import { decryptStream, encryptStream, keyIdOf } from "~/server/backup/encryption.server";
import { createLocalDestination } from "~/server/backup/local-destination.server";
import { parseManifest, type Manifest } from "~/server/backup/manifest.server";
import { RestoreRefused, runRestore } from "~/server/backup/restore.server";
import { createDb } from "~/server/db/db.server";
import { EnvError, parseEnv } from "~/server/env.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { hashingTap } from "~/server/storage/hashing-tap.server";
import { createLocalFileStore, fileStore } from "~/server/storage/storage.server";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { freshTarget, runCli, sha256, storedSha } from "../helpers/backups";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";

// Backups encrypted with BACKUP_ENCRYPTION_KEY (decision 0056): nothing readable at rest, a
// manifest nobody can change or forge without the key, and a restore that refuses before it
// changes anything. Real SQLite files, PostgreSQL (pg_dump/pg_restore), local folders and s3rver.

const KEY = randomBytes(32);
const OTHER_KEY = randomBytes(32);
const MARK = "Asha Rao wants a CRM for 40 field agents";
const FOREIGN = "was made with a different key (or was changed after it was made). Nothing was restored.";

/** A stored file of three 64 KiB chunks and more, with the mark at both ends, and a quote that holds it too. */
async function seed(key = "resumes/asha_cv.pdf"): Promise<{ key: string; bytes: Buffer }> {
  const bytes = Buffer.concat([Buffer.from(`%PDF-1.4 ${MARK}`), randomBytes(200_000), Buffer.from(MARK)]);
  const temp = path.join(fileStore().tempDir(), `seed-${randomBytes(4).toString("hex")}.part`);
  writeFileSync(temp, bytes);
  await fileStore().putFromFile(key, temp, "application/pdf");
  await submitQuote({
    consent: CURRENT_CONSENT_VERSION,
    name: "Asha Rao",
    email: "asha@example.com",
    phone: "+91 98200 12345",
    country: "India",
    requirement: MARK,
  });
  return { key, bytes };
}

/** Every file of an entry folder: its path in the entry and its bytes. */
function entryFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      files.set(
        path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"),
        readFileSync(path.join(e.parentPath, e.name)),
      );
  }
  return files;
}

function openManifest(dir: string, keys = [KEY]): Manifest {
  const parsed = parseManifest(readFileSync(path.join(dir, "manifest.json"), "utf8"), { keys });
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.manifest;
}

for (const database of testDatabases("backup-encryption")) {
  describe(`encrypted backups on ${database.name}`, () => {
    let app: Awaited<ReturnType<typeof useAppDatabase>>;
    beforeAll(async () => {
      app = await useAppDatabase(database);
    });
    afterAll(async () => app.cleanup());

    test("An encrypted backup holds nothing readable at rest, and restores into a fresh place with every row and file", async () => {
      const file = await seed();
      const backupDir = tempDir("backups-");
      const plain = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: null }))!;
      const sealed = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: KEY }))!;

      // The same look at an unencrypted backup finds the mark: the check below can fail.
      expect([...entryFiles(path.join(backupDir, plain.name)).values()].some((bytes) => bytes.includes(MARK))).toBe(true);
      const atRest = entryFiles(path.join(backupDir, sealed.name));
      expect([...atRest.keys()].filter((p) => p !== "manifest.json").every((p) => /^objects\/[0-9a-f]{32}$/.test(p))).toBe(true);
      expect(atRest.size).toBe(sealed.files + 2);
      for (const [relPath, bytes] of atRest) {
        expect(bytes.includes(MARK), relPath).toBe(false);
        expect(bytes.includes("asha@example.com"), relPath).toBe(false);
        expect(bytes.includes("SQLite format 3"), relPath).toBe(false);
        expect(bytes.includes("PGDMP"), relPath).toBe(false);
      }
      const manifestText = atRest.get("manifest.json")!.toString("utf8");
      expect(manifestText).not.toContain("resumes/");
      expect(JSON.parse(manifestText)).toMatchObject({
        format: "agency-site-backup",
        formatVersion: 2,
        encryption: { keyId: keyIdOf(KEY) },
      });

      const target = await freshTarget(database.name, process.env.DATABASE_URL!);
      const targetStore = createLocalFileStore(tempDir("restore-files-"));
      try {
        const restored = await runRestore({
          destination: createLocalDestination(backupDir),
          name: sealed.name,
          databaseUrl: target.url,
          store: targetStore,
          keys: [KEY],
        });
        expect(restored.encrypted).toBe(true);
        expect(await storedSha(targetStore, file.key)).toBe(sha256(file.bytes));
        const check = createDb(target.url);
        try {
          expect((await check.selectFrom("quotes").select("requirement").execute()).map((r) => r.requirement)).toContain(MARK);
        } finally {
          await check.destroy();
        }
      } finally {
        await target.drop();
      }
    }, 60_000);

    test("A changed manifest, a changed, moved or cut data file, and a foreign key are each refused with the reason, and nothing is restored", async () => {
      const file = await seed(`resumes/tamper_${database.name}_cv.pdf`);
      const backupDir = tempDir("backups-");
      const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: KEY }))!;
      const entry = path.join(backupDir, name);
      const manifest = openManifest(entry);
      const objectOf = (p: string) => path.join(entry, ...manifest.files.find((f) => f.path === p)!.object!.split("/"));
      const databasePath = database.name === "sqlite" ? "database.sqlite" : "database.pgdump";
      const target = await freshTarget(database.name, process.env.DATABASE_URL!);
      const targetDir = tempDir("restore-files-");
      const restore = (keys = [KEY], allowUnencrypted = false) =>
        runRestore({
          destination: createLocalDestination(backupDir),
          name,
          databaseUrl: target.url,
          store: createLocalFileStore(targetDir),
          keys,
          allowUnencrypted,
        });
      /** Changes a file of the entry, expects the restore refused with `message`, then puts the file back. */
      const refusedWhile = async (file: string, change: (bytes: Buffer) => Buffer | string, message: string | RegExp) => {
        const original = readFileSync(file);
        writeFileSync(file, change(Buffer.from(original)));
        const attempt = restore();
        await expect(attempt).rejects.toThrow(RestoreRefused);
        await expect(attempt).rejects.toThrow(message);
        writeFileSync(file, original);
      };
      try {
        const manifestFile = path.join(entry, "manifest.json");
        const envelope = JSON.parse(readFileSync(manifestFile, "utf8"));
        await refusedWhile(
          manifestFile,
          () => {
            const sealed = Buffer.from(envelope.sealed, "base64");
            sealed[sealed.length - 40]! ^= 0x01;
            return JSON.stringify({ ...envelope, sealed: sealed.toString("base64") });
          },
          `${name} is refused: it ${FOREIGN}`,
        );
        await refusedWhile(
          manifestFile,
          () => JSON.stringify({ ...envelope, encryption: { ...envelope.encryption, keyId: keyIdOf(OTHER_KEY) } }),
          FOREIGN,
        );
        // A plain manifest put in place of the sealed one (say, listing files someone added) is not trusted while a key is set.
        const plain = { ...manifest, formatVersion: 1, files: manifest.files.map(({ object: _object, ...f }) => f) };
        await refusedWhile(
          manifestFile,
          () => JSON.stringify(plain),
          "it is not encrypted, though BACKUP_ENCRYPTION_KEY is set, so nothing shows it was not changed.",
        );

        for (const p of [`files/${file.key}`, databasePath]) {
          await refusedWhile(
            objectOf(p),
            (bytes) => {
              bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
              return bytes;
            },
            `The backup is corrupted or was changed: ${p} does not decrypt with the backup key. Nothing was restored.`,
          );
        }
        // Cut after its first 64 KiB chunk: what remains decrypts chunk by chunk, but its end was not sealed as the end.
        await refusedWhile(
          objectOf(`files/${file.key}`),
          (bytes) => bytes.subarray(0, 37 + 65_536 + 16),
          `files/${file.key} does not decrypt with the backup key`,
        );
        // Another file's object in its place (each file's key is derived from its path).
        await refusedWhile(
          objectOf(`files/${file.key}`),
          () => readFileSync(objectOf(databasePath)),
          /does not decrypt with the backup key/,
        );

        await expect(restore([OTHER_KEY])).rejects.toThrow(`${name} is refused: it ${FOREIGN}`);
        await expect(restore([])).rejects.toThrow(
          `${name} is refused: it is encrypted, and no key is set: set BACKUP_ENCRYPTION_KEY (or BACKUP_PREVIOUS_KEYS) to the key it was made with.`,
        );

        expect(readdirSync(targetDir).filter((f) => f !== ".tmp")).toEqual([]);
        expect(readdirSync(path.join(targetDir, ".tmp"))).toEqual([]);
        if (database.name === "sqlite") expect(existsSync(target.url.slice("file:".length))).toBe(false);
        else {
          const check = createDb(target.url);
          const tables = await sql<{
            n: string;
          }>`select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`.execute(check);
          await check.destroy();
          expect(Number(tables.rows[0]!.n)).toBe(0);
        }
        // Every change undone, the same backup restores: the refusals were the changes'.
        expect((await restore()).files).toBeGreaterThanOrEqual(1);
      } finally {
        await target.drop();
      }
    }, 60_000);
  });
}

describe("encrypted backups on SQLite: keys over time", () => {
  let app: Awaited<ReturnType<typeof useAppDatabase>>;
  beforeAll(async () => {
    app = await useAppDatabase(testDatabases("backup-encryption")[0]!);
  });
  afterAll(async () => app.cleanup());

  const freshRestore = (backupDir: string, name: string, keys: Buffer[], allowUnencrypted = false) =>
    runRestore({
      destination: createLocalDestination(backupDir),
      name,
      databaseUrl: `file:${path.join(tempDir("restore-db-"), "app.sqlite")}`,
      store: createLocalFileStore(tempDir("restore-files-")),
      keys,
      allowUnencrypted,
    });

  test("A backup made with a previous key restores once that key is among the keys, and is refused as foreign without it", async () => {
    await seed("resumes/rotation_cv.pdf");
    const backupDir = tempDir("backups-");
    const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: OTHER_KEY }))!;
    await expect(freshRestore(backupDir, name, [KEY])).rejects.toThrow(`${name} is refused: it ${FOREIGN}`);
    expect((await freshRestore(backupDir, name, [KEY, OTHER_KEY])).encrypted).toBe(true);
  }, 30_000);

  test("A backup made without a key (the format before encryption) restores without one, and with a key set only when allowed", async () => {
    await seed("resumes/compat_cv.pdf");
    const backupDir = tempDir("backups-");
    const { name } = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: null }))!;
    const manifest = JSON.parse(readFileSync(path.join(backupDir, name, "manifest.json"), "utf8"));
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.files.every((f: { object?: string }) => f.object === undefined)).toBe(true);
    expect(existsSync(path.join(backupDir, name, "files", "resumes", "compat_cv.pdf"))).toBe(true);

    expect((await freshRestore(backupDir, name, [])).encrypted).toBe(false);
    await expect(freshRestore(backupDir, name, [KEY])).rejects.toThrow(
      `${name} is refused: it is not encrypted, though BACKUP_ENCRYPTION_KEY is set, so nothing shows it was not changed. If it was made before the key was set, check where it came from, then restore it with --allow-unencrypted. Nothing was restored.`,
    );
    expect((await freshRestore(backupDir, name, [KEY], true)).encrypted).toBe(false);
  }, 30_000);

  test("npm run backup encrypts with BACKUP_ENCRYPTION_KEY, and npm run restore refuses another key or none with exit 2", async () => {
    await seed("resumes/cli_cv.pdf");
    const backupDir = tempDir("backups-");
    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      STORAGE_DIR: app.storageDir,
      BACKUP_URL: `file:${backupDir}`,
      BACKUP_ENCRYPTION_KEY: KEY.toString("base64"),
    };
    const backup = await runCli(["scripts/backup.ts"], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain("Encrypted with BACKUP_ENCRYPTION_KEY: restoring it needs that key.");
    const name = /Wrote (backup-\S+):/.exec(backup.stdout)![1]!;
    expect(existsSync(path.join(backupDir, name, "objects"))).toBe(true);
    const fresh = () => {
      const dir = tempDir("restore-cli-");
      return { DATABASE_URL: `file:${path.join(dir, "app.sqlite")}`, STORAGE_DIR: path.join(dir, "uploads") };
    };

    const foreign = await runCli(["scripts/restore.ts", name], { ...env, ...fresh(), BACKUP_ENCRYPTION_KEY: OTHER_KEY.toString("hex") });
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain(`${name} is refused: it ${FOREIGN}`);
    const none = await runCli(["scripts/restore.ts", name], { ...env, ...fresh(), BACKUP_ENCRYPTION_KEY: "" });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("it is encrypted, and no key is set");
    const badKey = await runCli(["scripts/restore.ts", name], { ...env, BACKUP_ENCRYPTION_KEY: "secret" });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain(
      "BACKUP_ENCRYPTION_KEY: must be 32 random bytes as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32",
    );

    const rotated = await runCli(["scripts/restore.ts", name], {
      ...env,
      ...fresh(),
      BACKUP_ENCRYPTION_KEY: OTHER_KEY.toString("base64"),
      BACKUP_PREVIOUS_KEYS: KEY.toString("hex"),
    });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/decrypted with the backup key, every SHA-256 matched; the database and \d+ file\(s\)/);

    // A backup from before the key was set: refused while a key is set, unless the operator says so.
    const older = (await runBackup({ destination: createLocalDestination(backupDir), keep: 7, encryptionKey: null }))!;
    const refused = await runCli(["scripts/restore.ts", older.name], { ...env, ...fresh() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("then restore it with --allow-unencrypted. Nothing was restored.");
    const allowed = await runCli(["scripts/restore.ts", older.name, "--allow-unencrypted"], { ...env, ...fresh() });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain("It was not encrypted: its checksums catch damage, not a deliberate change.");
  }, 120_000);
});

describe("encrypted backups to S3", () => {
  let s3: TestS3;
  let app: Awaited<ReturnType<typeof useAppDatabase>>;
  beforeAll(async () => {
    s3 = await startS3();
    app = await useAppDatabase(testDatabases("backup-encryption")[0]!);
  });
  afterAll(async () => {
    await app.cleanup();
    await s3.stop();
  });

  test("An encrypted backup to an S3 prefix stores only sealed objects under opaque names, and restores", async () => {
    const bucket = await s3.createBucket();
    // The uploads stay on disk (STORAGE_URL unset); only the backups go to the bucket.
    await withEnv({ ...s3.env(bucket), STORAGE_URL: "", STORAGE_DIR: app.storageDir, BACKUP_URL: `s3://${bucket}/backups` }, async () => {
      const file = await seed("resumes/s3_cv.pdf");
      const destination = await destinationFor();
      const { name } = (await runBackup({ destination, keep: 7, encryptionKey: KEY }))!;
      const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).map((o) => o.Key!);
      expect(keys.length).toBeGreaterThanOrEqual(3);
      for (const key of keys) {
        expect(key).toMatch(new RegExp(`^backups/${name}/(manifest\\.json|objects/[0-9a-f]{32})$`));
        const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = Buffer.from(await object.Body!.transformToByteArray());
        expect(bytes.includes(MARK), key).toBe(false);
        expect(bytes.includes("SQLite format 3"), key).toBe(false);
      }
      const targetStore = createLocalFileStore(tempDir("restore-files-"));
      await runRestore({
        destination,
        name,
        databaseUrl: `file:${path.join(tempDir("restore-db-"), "app.sqlite")}`,
        store: targetStore,
        keys: [KEY],
      });
      expect(await storedSha(targetStore, file.key)).toBe(sha256(file.bytes));
    });
  }, 60_000);
});

test("Encryption streams in 64 KiB chunks: sealed bytes leave long before the last plaintext arrives, and decrypt to the same bytes", async () => {
  const total = 16 * 1024 * 1024;
  let fed = 0;
  let fedAtFirstOutput = -1;
  let largestOutput = 0;
  const sealed: Buffer[] = [];
  const plainTap = hashingTap();
  const source = Readable.from(
    (function* () {
      for (let offset = 0; offset < total; offset += 16 * 1024) {
        fed += 16 * 1024;
        yield randomBytes(16 * 1024);
      }
    })(),
  );
  await pipeline(
    source,
    plainTap,
    encryptStream(KEY, "files/big.bin"),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (fedAtFirstOutput < 0) fedAtFirstOutput = fed;
        largestOutput = Math.max(largestOutput, chunk.length);
        sealed.push(chunk);
        done();
      },
    }),
  );
  expect(fedAtFirstOutput).toBeLessThanOrEqual(2 * 65_536);
  expect(largestOutput).toBeLessThanOrEqual(65_536 + 16);
  const plainTapOut = hashingTap();
  await pipeline(
    Readable.from(sealed),
    decryptStream(KEY, "files/big.bin"),
    plainTapOut,
    new Writable({ write: (_c, _e, done) => done() }),
  );
  expect(plainTapOut.digest()).toEqual(plainTap.digest());
  expect(plainTap.digest().size).toBe(total);
});

test("BACKUP_ENCRYPTION_KEY and BACKUP_PREVIOUS_KEYS are checked at boot: 32 bytes as base64 or hex", () => {
  const parse = (env: Record<string, string>) => parseEnv({ AUTH_SECRET: "x".repeat(32), ...env });
  expect(parse({}).BACKUP_ENCRYPTION_KEY).toBeUndefined();
  expect(parse({}).BACKUP_PREVIOUS_KEYS).toEqual([]);
  expect(parse({ BACKUP_ENCRYPTION_KEY: KEY.toString("base64") }).BACKUP_ENCRYPTION_KEY).toEqual(KEY);
  expect(parse({ BACKUP_ENCRYPTION_KEY: KEY.toString("hex") }).BACKUP_ENCRYPTION_KEY).toEqual(KEY);
  expect(parse({ BACKUP_PREVIOUS_KEYS: `${KEY.toString("base64")}, ${OTHER_KEY.toString("hex")}` }).BACKUP_PREVIOUS_KEYS).toEqual([
    KEY,
    OTHER_KEY,
  ]);
  expect(() => parse({ BACKUP_ENCRYPTION_KEY: "correct horse battery staple" })).toThrow(EnvError);
  expect(() => parse({ BACKUP_ENCRYPTION_KEY: randomBytes(16).toString("base64") })).toThrow(
    "BACKUP_ENCRYPTION_KEY: must be 32 random bytes as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32",
  );
  expect(() => parse({ BACKUP_PREVIOUS_KEYS: `${KEY.toString("hex")},nope` })).toThrow("BACKUP_PREVIOUS_KEYS");
});
