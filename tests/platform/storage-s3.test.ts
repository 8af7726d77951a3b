import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { FileNotFound, type FileStore } from "~/server/storage/storage.server";
import { createS3FileStore, s3ConfigFromEnv } from "~/server/storage/s3.server";
import { bucketName, startS3, type TestS3 } from "../helpers/s3";

let s3: TestS3;
let temp: string;
beforeAll(async () => {
  s3 = await startS3();
  temp = mkdtempSync(path.join(tmpdir(), "s3-store-"));
});
afterAll(async () => {
  await s3.stop();
  rmSync(temp, { recursive: true, force: true });
});

function storeAt(bucket: string, prefix = "", endpoint = s3.endpoint): FileStore {
  const env = { ...s3.env(bucket, prefix), S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" };
  return createS3FileStore(s3ConfigFromEnv(env, temp));
}

function tempFile(content: string): string {
  const file = path.join(temp, `${Math.random()}.part`);
  writeFileSync(file, content);
  return file;
}

test("STORAGE_URL gives the bucket and a prefix without stray slashes", () => {
  const env = { S3_REGION: "eu-west-1", S3_FORCE_PATH_STYLE: "false" };
  expect(s3ConfigFromEnv({ ...env, STORAGE_URL: "s3://my-bucket" }, temp)).toMatchObject({
    bucket: "my-bucket",
    prefix: "",
    forcePathStyle: false,
    credentials: undefined,
  });
  expect(s3ConfigFromEnv({ ...env, STORAGE_URL: "s3://my-bucket/agency/files/" }, temp).prefix).toBe("agency/files/");
  expect(s3ConfigFromEnv({ ...env, STORAGE_URL: "s3://b.c.d//x//" }, temp)).toMatchObject({ bucket: "b.c.d", prefix: "x/" });
});

test("Stores sharing a bucket under different prefixes never see each other's files", async () => {
  const bucket = await s3.createBucket();
  const a = storeAt(bucket, "site-a");
  const b = storeAt(bucket, "site-b");
  await a.putFromFile("resumes/x_1_cv.pdf", tempFile("A"), "application/pdf");
  await b.putFromFile("resumes/x_1_cv.pdf", tempFile("B"), "application/pdf");
  expect(await a.list("")).toEqual(["resumes/x_1_cv.pdf"]);
  await a.delete("resumes/x_1_cv.pdf");
  expect(await a.exists("resumes/x_1_cv.pdf")).toBe(false);
  expect(await b.exists("resumes/x_1_cv.pdf")).toBe(true);
});

test("Listing follows the store's pages to the end and skips objects that are not valid keys", async () => {
  const bucket = await s3.createBucket();
  const keys = Array.from({ length: 7 }, (_, i) => `resumes/u_${i}_cv.pdf`);
  for (const Key of [...keys, "resumes/.hidden.pdf"]) {
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: "x" }));
  }
  const config = s3ConfigFromEnv({ ...s3.env(bucket), S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" }, temp);
  expect(await createS3FileStore({ ...config, listPageSize: 2 }).list("resumes/")).toEqual(keys);
  expect(await createS3FileStore({ ...config, listPageSize: 2 }).list("resumes/u_1")).toEqual(["resumes/u_1_cv.pdf"]);
});

test("A missing bucket is an error, not a missing file, and fails the readiness check", async () => {
  const store = storeAt(bucketName("absent"));
  const error = await store.read("resumes/x.pdf").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(FileNotFound);
  await expect(store.checkReachable()).rejects.toThrow();
});

test("An unreachable S3 server fails the upload and leaves the temp file with the caller", async () => {
  const store = storeAt("any-bucket", "", "http://127.0.0.1:1");
  const file = tempFile("%PDF-1.4");
  await expect(store.putFromFile("resumes/x_1_cv.pdf", file, "application/pdf")).rejects.toThrow();
  expect(existsSync(file)).toBe(true);
  await expect(store.checkReachable()).rejects.toThrow();
});
