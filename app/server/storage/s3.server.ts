import { createHash } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  FileNotFound,
  isValidKey,
  KeyExists,
  type FileStore,
} from "./file-store.server";
import { logger } from "~/server/logger.server";

// The S3 backend (decision 0012): objects are private and only ever streamed through the app;
// uploads go from a finished local temp file in one PUT, so an object exists whole or not at all.

interface S3StoreConfig {
  bucket: string;
  /** "" or a path ending in "/" under which every key lives. */
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Local directory for in-flight uploads. */
  tempDir: string;
  /** Keys per list() request; S3's own maximum (1000) unless a test wants to see paging. */
  listPageSize?: number;
}

/** Parses STORAGE_URL=s3://bucket[/prefix] and the S3_* variables. */
export function s3ConfigFromEnv(
  env: {
    STORAGE_URL?: string;
    S3_REGION: string;
    S3_ENDPOINT?: string;
    S3_FORCE_PATH_STYLE: string;
    S3_ACCESS_KEY_ID?: string;
    S3_SECRET_ACCESS_KEY?: string;
  },
  tempDir: string,
): S3StoreConfig {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(env.STORAGE_URL ?? "");
  if (!match) throw new Error("STORAGE_URL must be s3://bucket[/prefix]");
  const prefix = match[2]!.replace(/^\/+|\/+$/g, "");
  return {
    bucket: match[1]!,
    prefix: prefix ? `${prefix}/` : "",
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    // Unset: the SDK's default chain (instance role, AWS_* variables, ~/.aws).
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    tempDir,
  };
}

export function createS3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Our own Content-MD5 instead of the SDK's default trailing CRC32 (aws-chunked), which many
    // S3-compatible servers do not understand.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000 },
    // The SDK's own warnings (e.g. "non-retryable streaming request") go to our log, not the console.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => logger.warn({ sdk: args.map(String) }, "S3 client warning"),
      error: (...args: unknown[]) => logger.error({ sdk: args.map(String) }, "S3 client error"),
    },
  });
}

export function createS3FileStore(config: S3StoreConfig, client = createS3Client(config)): FileStore {
  const { bucket, prefix } = config;
  mkdirSync(config.tempDir, { recursive: true, mode: 0o700 });
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  async function stat(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function read(key: string, range?: ByteRange) {
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), Range }));
      // A ranged answer's Content-Length is the slice; the whole size is after the "/" of Content-Range.
      const total = /\/(\d+)$/.exec(object.ContentRange ?? "")?.[1];
      const size = range && total ? Number(total) : (object.ContentLength ?? 0);
      return { stream: object.Body as Readable, size, contentType: object.ContentType };
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFound(key);
      throw error;
    }
  }

  return {
    async putFromFile(key, tempPath, contentType) {
      const Key = objectKey(key);
      const { size } = await fs.stat(tempPath);
      const md5 = await md5Of(tempPath);
      // If-None-Match makes the PUT itself refuse an existing key on AWS, MinIO, R2 and others;
      // the HEAD first covers servers that ignore the header (decision 0012).
      if (await stat(key)) throw new KeyExists(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: createReadStream(tempPath),
            ContentLength: size,
            ContentMD5: md5,
            ContentType: contentType,
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        if (statusOf(error) === 412 || statusOf(error) === 409) throw new KeyExists(key);
        throw error;
      }
      await fs.rm(tempPath, { force: true });
    },

    read,

    async open(key, range) {
      const { stream, size } = await read(key, range);
      let taken = false;
      const take = () => {
        if (taken) throw new Error(`"${key}" was already sent`);
        taken = true;
        return stream;
      };
      return {
        size,
        stream: take,
        // The SDK's body allocates its own chunks; piped, so the socket's backpressure holds it.
        // A client gone mid-way ends the pipeline early: that is not an error here.
        writeTo: async (out) => {
          await pipeline(take(), out, { end: false }).catch((error: unknown) => {
            if (!out.destroyed) throw error;
          });
        },
        close: async () => {
          if (taken) return;
          taken = true;
          stream.destroy();
        },
      };
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      return (await stat(key)) !== null;
    },

    stat,

    async list(keyPrefix) {
      assertValidPrefix(keyPrefix);
      const keys: string[] = [];
      // ListObjects (v1) paged by the last key seen: every S3-compatible server has it, while
      // v2's continuation tokens break on some (s3rver's need DES, gone from OpenSSL 3).
      let Marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsCommand({ Bucket: bucket, Prefix: prefix + keyPrefix, Marker, MaxKeys: config.listPageSize }),
        );
        const objects = page.Contents ?? [];
        for (const object of objects) {
          const key = object.Key?.slice(prefix.length);
          if (key && isValidKey(key)) keys.push(key);
        }
        Marker = objects.at(-1)?.Key;
        if (!page.IsTruncated || !Marker) break;
      }
      return keys.sort();
    },

    async checkReachable() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(3_000) });
    },

    tempDir: () => path.resolve(config.tempDir),
  };
}

async function md5Of(file: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return hash.digest("base64");
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  // A missing bucket is a misconfiguration, not a missing file.
  return name === "NoSuchKey" || name === "NotFound" || (statusOf(error) === 404 && name !== "NoSuchBucket");
}
