import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { copyStore, formatCopyReport } from "~/server/storage/copy.server";
import { createLocalFileStore } from "~/server/storage/storage.server";
import { startS3, type TestS3 } from "../helpers/s3";
import { tempDir } from "../helpers/temp-dirs";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => s3.stop());

/** A STORAGE_DIR holding `files`, an empty bucket, and both as stores. */
async function setup(files: Record<string, Buffer>) {
  const dir = tempDir("copy-source-");
  for (const [key, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    writeFileSync(path.join(dir, key), bytes);
  }
  const bucket = await s3.createBucket();
  const env = s3.env(bucket, "site");
  const target = s3.fileStore(bucket, path.join(dir, ".tmp"), "site");
  return { dir, bucket, env, source: createLocalFileStore(dir), target };
}

async function objectBytes(bucket: string, key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: `site/${key}` }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const demoFiles = () => ({
  "resumes/guest_1_cv.pdf": Buffer.from("%PDF-1.4 one"),
  "resumes/u1_2_My CV.docx": randomBytes(1_500_000),
  "other/deep/x.doc": Buffer.alloc(0),
});

test("Every local file lands in S3 byte for byte, and a rerun copies only what is new", async () => {
  const files = demoFiles();
  const { dir, bucket, source, target } = await setup(files);
  const first = await copyStore(source, target);
  expect(first.map((f) => [f.key, f.result])).toEqual([
    ["other/deep/x.doc", "copied"],
    ["resumes/guest_1_cv.pdf", "copied"],
    ["resumes/u1_2_My CV.docx", "copied"],
  ]);
  for (const [key, bytes] of Object.entries(files)) expect((await objectBytes(bucket, key)).equals(bytes), key).toBe(true);
  expect((await target.read("resumes/u1_2_My CV.docx")).contentType).toBe(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );

  writeFileSync(path.join(dir, "resumes", "guest_3_new.pdf"), "%PDF-1.4 new");
  const second = await copyStore(source, target);
  expect(second.filter((f) => f.result === "copied").map((f) => f.key)).toEqual(["resumes/guest_3_new.pdf"]);
  expect(second.filter((f) => f.result === "present")).toHaveLength(3);
  expect(readdirSync(path.join(dir, ".tmp"))).toEqual([]);
  expect(formatCopyReport(second)).toMatch(/\| copied and verified +\| +1 \| +12 \|\n\| already there, verified +\| +3 \| +1500012 \|/);
});

test("A key already in S3 with other content is a mismatch and is not overwritten", async () => {
  const { bucket, source, target } = await setup(demoFiles());
  const put = (key: string, body: string) => s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: `site/${key}`, Body: body }));
  await put("resumes/guest_1_cv.pdf", "%PDF-1.4 ONE"); // same size, other bytes
  await put("other/deep/x.doc", "not empty");
  const report = await copyStore(source, target);
  expect(Object.fromEntries(report.map((f) => [f.key, f.result]))).toEqual({
    "other/deep/x.doc": "mismatch",
    "resumes/guest_1_cv.pdf": "mismatch",
    "resumes/u1_2_My CV.docx": "copied",
  });
  expect((await objectBytes(bucket, "resumes/guest_1_cv.pdf")).toString()).toBe("%PDF-1.4 ONE");
  expect(formatCopyReport(report)).toContain("MISMATCH: resumes/guest_1_cv.pdf: same size, different SHA-256");
});

test("npm run storage:copy prints the table, exits 0 when all is verified, 1 on a mismatch and 2 without STORAGE_URL", async () => {
  const { dir, bucket, env } = await setup(demoFiles());
  // Asynchronous: the s3rver answering the command runs in this very process.
  const run = (extra: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const options = {
        timeout: 60_000,
        env: { ...process.env, ...env, STORAGE_DIR: dir, AUTH_SECRET: "x".repeat(32), LOG_LEVEL: "warn", ...extra },
      };
      execFile(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts"], options, (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr }),
      );
    });
  const ok = await run();
  expect(ok.status, ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/\| copied and verified +\| +3 \| +1500012 \|/);
  expect(ok.stdout).toContain("All 3 file(s) are in the target and verified.");

  await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: "site/resumes/guest_1_cv.pdf", Body: "changed" }));
  const bad = await run();
  expect(bad.status).toBe(1);
  expect(bad.stdout).toMatch(/\| mismatch +\| +1 \|/);
  expect(bad.stdout).toContain("MISMATCH: resumes/guest_1_cv.pdf: target holds 7 bytes, source 12; left as is");

  expect((await run({ STORAGE_URL: "" })).status).toBe(2);
}, 120_000);
