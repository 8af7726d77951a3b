import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsCommand } from "@aws-sdk/client-s3";
import { testDatabases } from "./databases";
import { startS3, type TestS3 } from "./s3";

export interface TestStorage {
  name: "local disk" | "S3";
  /** Creates an empty store; returns the app's environment for it (STORAGE_DIR, STORAGE_URL, S3_*). */
  setup(): Promise<Record<string, string>>;
  /** Everything the app left behind, read behind its back: stored keys and `.tmp/…` temp files. */
  files(): Promise<string[]>;
  /** A stored file's bytes, read behind the app's back. */
  bytes(key: string): Promise<Buffer>;
  teardown(): Promise<void>;
}

/** Local disk always; S3 too, on an s3rver the suite starts on loopback. */
export function testStorages(): TestStorage[] {
  return [localStorage(), s3Storage()];
}

function localStorage(): TestStorage {
  let dir = "";
  return {
    name: "local disk",
    async setup() {
      dir = mkdtempSync(path.join(tmpdir(), "agency-files-"));
      return { STORAGE_DIR: dir, STORAGE_URL: "" };
    },
    files: async () => filesUnder(dir),
    bytes: async (key) => readFileSync(path.join(dir, ...key.split("/"))),
    async teardown() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function s3Storage(): TestStorage {
  let dir = "";
  let s3: TestS3 | undefined;
  let bucket = "";
  return {
    name: "S3",
    async setup() {
      dir = mkdtempSync(path.join(tmpdir(), "agency-s3-temp-"));
      s3 = await startS3();
      bucket = await s3.createBucket();
      return { ...s3.env(bucket, "uploads"), STORAGE_DIR: dir };
    },
    async files() {
      const listed = await s3!.client.send(new ListObjectsCommand({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).map((object) => object.Key!.replace(/^uploads\//, ""));
      return [...keys, ...filesUnder(dir)].sort();
    },
    async bytes(key) {
      const object = await s3!.client.send(new GetObjectCommand({ Bucket: bucket, Key: `uploads/${key}` }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async teardown() {
      await s3?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Every database with every storage, each pair with its own fresh database and store. */
export function testSetups(suite: string) {
  return testStorages().flatMap((storage) =>
    testDatabases(suite).map((database) => ({ name: `${database.name} with ${storage.name}`, database, storage })),
  );
}
