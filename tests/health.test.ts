import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as readyz } from "~/routes/resources/readyz";
import { closeDb } from "~/server/db/db.server";
import { testDatabases, useAppDatabase } from "./helpers/databases";
import { withEnv } from "./helpers/env";
import { bucketName, startS3, type TestS3 } from "./helpers/s3";

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
    await withEnv(s3.env(bucket), async () => {
      const response = await readyz();
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ready: true, database: "ok", storage: "ok" });
    });
    await withEnv(s3.env(bucketName("missing")), async () => {
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ready: false, database: "ok", migrations: "applied", storage: "unreachable" });
    });
    await withEnv({ ...s3.env(bucket), S3_ENDPOINT: "http://127.0.0.1:1" }, async () => {
      expect((await readyz()).status).toBe(503);
    });
  });
});

test("/readyz is 503 when the database cannot be reached", async () => {
  await closeDb();
  await withEnv({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, async () => {
    try {
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ ready: false, database: "unreachable" });
    } finally {
      await closeDb();
    }
  });
});
