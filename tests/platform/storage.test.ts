import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { text } from "node:stream/consumers";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  cleanTempUploads,
  createLocalFileStore,
  FileNotFound,
  InvalidKey,
  KeyExists,
  type FileStore,
} from "~/server/storage/storage.server";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3.stop());

interface Backend {
  name: string;
  /** A new empty store, with a look at what it really holds behind its back. */
  create(): Promise<{ store: FileStore; rawBytes(key: string): Promise<Buffer>; rawEverything(): Promise<string[]> }>;
}

const local: Backend = {
  name: "local disk",
  async create() {
    const root = tempDir("store-");
    return {
      store: createLocalFileStore(root),
      rawBytes: async (key) => readFileSync(path.join(root, ...key.split("/"))),
      rawEverything: async () => readdirSync(path.dirname(root)).filter((name) => name === "outside.pdf"),
    };
  },
};

const s3Backend: Backend = {
  name: "S3 (s3rver)",
  async create() {
    const bucket = await s3.createBucket();
    const store = s3.fileStore(bucket, tempDir("s3-tmp-"), "uploads");
    return {
      store,
      async rawBytes(key) {
        const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: `uploads/${key}` }));
        return Buffer.from(await object.Body!.transformToByteArray());
      },
      async rawEverything() {
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (listed.Contents ?? []).map((o) => o.Key!);
      },
    };
  },
};

function tempFile(store: FileStore, content: string | Buffer, name = `upload-${Math.random()}.part`): string {
  const file = path.join(store.tempDir(), name);
  writeFileSync(file, content);
  return file;
}

describe.each([local, s3Backend])("The file store on $name", (backend) => {
  test("A stored file reads back byte for byte, with its size and content type", async () => {
    const { store, rawBytes } = await backend.create();
    const bytes = Buffer.from("%PDF-1.4\nhello\n");
    await store.putFromFile("resumes/guest_1_cv.pdf", tempFile(store, bytes), "application/pdf");

    expect(await rawBytes("resumes/guest_1_cv.pdf")).toEqual(bytes);
    const { stream, size, contentType } = await store.read("resumes/guest_1_cv.pdf");
    expect(await text(stream)).toBe(bytes.toString());
    expect(size).toBe(bytes.length);
    expect(contentType).toBe("application/pdf");
    expect(await store.exists("resumes/guest_1_cv.pdf")).toBe(true);
    expect(await store.stat("resumes/guest_1_cv.pdf")).toEqual({ size: bytes.length });
    expect(await store.stat("resumes/guest_2_cv.pdf")).toBeNull();
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("Storing never overwrites a file already at the key", async () => {
    const { store } = await backend.create();
    await store.putFromFile("resumes/a_1_cv.pdf", tempFile(store, "first"), "application/pdf");
    const second = tempFile(store, "second");
    await expect(store.putFromFile("resumes/a_1_cv.pdf", second, "application/pdf")).rejects.toBeInstanceOf(KeyExists);
    expect(await text((await store.read("resumes/a_1_cv.pdf")).stream)).toBe("first");
    expect(existsSync(second)).toBe(true); // still the caller's to discard
  });

  test("A file from outside the temp dir is copied in and the original removed", async () => {
    const { store } = await backend.create();
    const source = path.join(tempDir("outside-"), "cv.pdf");
    writeFileSync(source, "%PDF-1.7 elsewhere");
    await store.putFromFile("resumes/u1_5_cv.pdf", source, "application/pdf");
    expect(existsSync(source)).toBe(false);
    expect(await text((await store.read("resumes/u1_5_cv.pdf")).stream)).toBe("%PDF-1.7 elsewhere");
    expect(readdirSync(store.tempDir())).toEqual([]);
  });

  test("Keys that could escape the root or reach the temp dir are refused everywhere", async () => {
    const { store, rawEverything } = await backend.create();
    const bad = [
      "../outside.pdf",
      "resumes/../../outside.pdf",
      "/etc/passwd",
      "resumes\\..\\x.pdf",
      "resumes/a\0.pdf",
      ".tmp/x.part",
      "resumes//x.pdf",
      "resumes/",
      "",
      "C:/x.pdf",
      "resumes/a..b.pdf",
    ];
    for (const key of bad) {
      await expect(store.putFromFile(key, tempFile(store, "x"), "application/pdf"), key).rejects.toBeInstanceOf(InvalidKey);
      await expect(store.read(key), key).rejects.toBeInstanceOf(InvalidKey);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidKey);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidKey);
      await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidKey);
    }
    await expect(store.list("../")).rejects.toBeInstanceOf(InvalidKey);
    expect(await rawEverything()).toEqual([]);
  });

  test("A missing file reads as FileNotFound, and deleting twice is fine", async () => {
    const { store } = await backend.create();
    await expect(store.read("resumes/nobody_1_cv.pdf")).rejects.toBeInstanceOf(FileNotFound);
    await store.putFromFile("resumes/u_1_cv.doc", tempFile(store, "x"), "application/msword");
    await store.delete("resumes/u_1_cv.doc");
    await store.delete("resumes/u_1_cv.doc");
    expect(await store.exists("resumes/u_1_cv.doc")).toBe(false);
    await expect(store.read("resumes/u_1_cv.doc")).rejects.toBeInstanceOf(FileNotFound);
  });

  test("Listing returns the keys under a prefix, never temp files", async () => {
    const { store } = await backend.create();
    for (const key of ["resumes/u1_2_b.pdf", "resumes/u1_1_a.pdf", "resumes/u2_1_c.pdf", "other/x.pdf"]) {
      await store.putFromFile(key, tempFile(store, key), "application/pdf");
    }
    tempFile(store, "in flight");
    expect(await store.list("resumes/")).toEqual(["resumes/u1_1_a.pdf", "resumes/u1_2_b.pdf", "resumes/u2_1_c.pdf"]);
    expect(await store.list("resumes/u1_")).toEqual(["resumes/u1_1_a.pdf", "resumes/u1_2_b.pdf"]);
    expect(await store.list("")).toHaveLength(4);
    expect(await store.list("missing/")).toEqual([]);
  });

  test("Uploads left half-written by a crash are not under any key and are removed at startup", async () => {
    const { store, rawEverything } = await backend.create();
    tempFile(store, "%PDF-1.4 half of a fi");
    tempFile(store, "another");
    expect(await store.list("")).toEqual([]);
    expect(await rawEverything()).toEqual([]);
    expect(await cleanTempUploads(store)).toBe(2);
    expect(readdirSync(store.tempDir())).toEqual([]);
    expect(await cleanTempUploads(store)).toBe(0);
  });

  test("A reachable store passes the readiness check", async () => {
    const { store } = await backend.create();
    await expect(store.checkReachable()).resolves.toBeUndefined();
  });
});
