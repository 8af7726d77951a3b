import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as readyz } from "~/routes/resources/readyz";
import { closeDb } from "~/server/db/db.server";
import { resetEnvForTests } from "~/server/env.server";
import { testDatabases, useAppDatabase } from "./helpers/databases";
import { bucketName, startS3, type TestS3 } from "./helpers/s3";

/** Runs `check` with the app's storage pointed at S3 (STORAGE_URL and S3_*), then restores the env. */
async function withStorageEnv(env: Record<string, string>, check: () => Promise<void>) {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  resetEnvForTests();
  try {
    await check();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  }
}

describe.each(testDatabases("health"))("Health checks on $name", (database) => {
  let cleanup: () => Promise<void>;
  let s3: TestS3;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3.stop();
    await cleanup();
  });

  test("/healthz answers 200 without asking the database", async () => {
    const response = healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("/readyz is 200 when the database answers and every migration is applied", async () => {
    const response = await readyz();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, database: "ok", migrations: "applied", pending: [], storage: "ok", redis: "off" });
  });

  test("/readyz is 200 on S3 storage whose bucket answers, and 503 when the bucket or the server is gone", async () => {
    const bucket = await s3.createBucket();
    await withStorageEnv(s3.env(bucket), async () => {
      const response = await readyz();
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ready: true, database: "ok", storage: "ok" });
    });
    await withStorageEnv(s3.env(bucketName("missing")), async () => {
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ready: false, database: "ok", migrations: "applied", storage: "unreachable" });
    });
    await withStorageEnv({ ...s3.env(bucket), S3_ENDPOINT: "http://127.0.0.1:1" }, async () => {
      expect((await readyz()).status).toBe(503);
    });
  });
});

test("/readyz is 503 when the database cannot be reached", async () => {
  await closeDb();
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
  resetEnvForTests();
  try {
    const response = await readyz();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ ready: false, database: "unreachable" });
  } finally {
    await closeDb();
    process.env.DATABASE_URL = before;
    resetEnvForTests();
  }
});
