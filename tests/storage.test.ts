import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, expect, test } from "vitest";
import {
  cleanTempUploads,
  createLocalFileStore,
  FileNotFound,
  InvalidKey,
  KeyExists,
  type FileStore,
} from "~/server/storage.server";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function newStore(): { root: string; store: FileStore } {
  const root = mkdtempSync(path.join(tmpdir(), "store-"));
  roots.push(root);
  return { root, store: createLocalFileStore(root) };
}

function tempFile(store: FileStore, content: string | Buffer, name = `upload-${Math.random()}.part`): string {
  const file = path.join(store.tempDir(), name);
  writeFileSync(file, content);
  return file;
}

test("A stored file reads back byte for byte, with its size and content type", async () => {
  const { root, store } = newStore();
  const bytes = Buffer.from("%PDF-1.4\nhello\n");
  await store.putFromFile("resumes/guest_1_cv.pdf", tempFile(store, bytes), "application/pdf");

  expect(readFileSync(path.join(root, "resumes", "guest_1_cv.pdf"))).toEqual(bytes);
  const { stream, size, contentType } = await store.read("resumes/guest_1_cv.pdf");
  expect(await text(stream)).toBe(bytes.toString());
  expect(size).toBe(bytes.length);
  expect(contentType).toBe("application/pdf");
  expect(await store.exists("resumes/guest_1_cv.pdf")).toBe(true);
  expect(readdirSync(store.tempDir())).toEqual([]);
});

test("Storing never overwrites a file already at the key", async () => {
  const { store } = newStore();
  await store.putFromFile("resumes/a_1_cv.pdf", tempFile(store, "first"), "application/pdf");
  const second = tempFile(store, "second");
  await expect(store.putFromFile("resumes/a_1_cv.pdf", second, "application/pdf")).rejects.toBeInstanceOf(KeyExists);
  expect(await text((await store.read("resumes/a_1_cv.pdf")).stream)).toBe("first");
  expect(existsSync(second)).toBe(true); // still the caller's to discard
});

test("A file from outside the temp dir is copied in and the original removed", async () => {
  const { store } = newStore();
  const outside = mkdtempSync(path.join(tmpdir(), "outside-"));
  roots.push(outside);
  const source = path.join(outside, "cv.pdf");
  writeFileSync(source, "%PDF-1.7 elsewhere");
  await store.putFromFile("resumes/u1_5_cv.pdf", source, "application/pdf");
  expect(existsSync(source)).toBe(false);
  expect(await text((await store.read("resumes/u1_5_cv.pdf")).stream)).toBe("%PDF-1.7 elsewhere");
  expect(readdirSync(store.tempDir())).toEqual([]);
});

test("Keys that could escape the root or reach the temp dir are refused everywhere", async () => {
  const { root, store } = newStore();
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
  }
  await expect(store.list("../")).rejects.toBeInstanceOf(InvalidKey);
  expect(readdirSync(path.dirname(root)).filter((n) => n === "outside.pdf")).toEqual([]);
});

test("A missing file reads as FileNotFound, and deleting twice is fine", async () => {
  const { store } = newStore();
  await expect(store.read("resumes/nobody_1_cv.pdf")).rejects.toBeInstanceOf(FileNotFound);
  await store.putFromFile("resumes/u_1_cv.doc", tempFile(store, "x"), "application/msword");
  await store.delete("resumes/u_1_cv.doc");
  await store.delete("resumes/u_1_cv.doc");
  expect(await store.exists("resumes/u_1_cv.doc")).toBe(false);
  await expect(store.read("resumes/u_1_cv.doc")).rejects.toBeInstanceOf(FileNotFound);
});

test("Listing returns the keys under a prefix, never temp files", async () => {
  const { store } = newStore();
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
  const { store } = newStore();
  tempFile(store, "%PDF-1.4 half of a fi");
  tempFile(store, "another");
  expect(await store.list("")).toEqual([]);
  expect(await cleanTempUploads(store)).toBe(2);
  expect(readdirSync(store.tempDir())).toEqual([]);
  expect(await cleanTempUploads(store)).toBe(0);
});
