import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { FileStore } from "~/server/storage/file-store.server";
import { createS3FileStore, s3ConfigFromEnv } from "~/server/storage/s3.server";

export interface TestS3 {
  endpoint: string;
  /** A raw client, for looking at the bucket behind the app's back. */
  client: S3Client;
  /** STORAGE_URL and S3_* for the app, pointing at `bucket` (under `prefix`, if given). */
  env(bucket: string, prefix?: string): Record<string, string>;
  createBucket(name?: string): Promise<string>;
  /** The app's S3 store on `bucket` (under `prefix`), built from env() as the app builds it; temp files go to `tempDir`. */
  fileStore(bucket: string, tempDir: string, prefix?: string): FileStore;
  stop(): Promise<void>;
}

/** A bucket name that S3 accepts (3–63 lowercase characters) and no other suite uses. */
export function bucketName(label = "test"): string {
  return `${label}-${randomBytes(6).toString("hex")}`.toLowerCase().slice(0, 63);
}

/** Starts an s3rver (S3-compatible, on disk in a temp dir) on 127.0.0.1 and a port from the OS. */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = (bucket: string, prefix = "") => ({
    STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  });
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    client,
    env,
    fileStore: (bucket, tempDir, prefix) => createS3FileStore(s3ConfigFromEnv(env(bucket, prefix), tempDir)),
    async createBucket(name = bucketName()) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
