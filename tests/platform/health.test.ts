import { afterAll, beforeAll, describe, expect, test } from "vitest";
import packageJson from "../../package.json";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as readyz } from "~/routes/resources/readyz";
import { closeDb } from "~/server/db/db.server";
import { cachedReadiness, forgetReadiness, readiness } from "~/server/http/health.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { withEnv } from "../helpers/env";
import { bucketName, startS3, type TestS3 } from "../helpers/s3";

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

  test("/healthz answers 200 with the release version, without asking the database", async () => {
    const response = healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", version: packageJson.version });
  });

  test("The readiness check passes when the database answers and every migration is applied", async () => {
    expect(await readiness()).toMatchObject({
      ready: true,
      database: "ok",
      migrations: "applied",
      pending: [],
      storage: "ok",
      redis: "off",
    });
  });

  test("/readyz tells the public only whether this instance is ready: no migration names, no internals", async () => {
    forgetReadiness();
    const response = await readyz();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe(JSON.stringify({ status: "ok" }));
  });

  test("The readiness check passes on S3 storage whose bucket answers, and fails when the bucket or the server is gone", async () => {
    const bucket = await s3.createBucket();
    await withEnv(s3.env(bucket), async () => {
      expect(await readiness()).toMatchObject({ ready: true, database: "ok", storage: "ok" });
    });
    await withEnv(s3.env(bucketName("missing")), async () => {
      expect(await readiness()).toMatchObject({ ready: false, database: "ok", migrations: "applied", storage: "unreachable" });
    });
    await withEnv({ ...s3.env(bucket), S3_ENDPOINT: "http://127.0.0.1:1" }, async () => {
      expect((await readiness()).ready).toBe(false);
    });
  });

  test("/readyz answers from a check at most a second old, so it cannot be used to hammer the database", async () => {
    const bucket = await s3.createBucket();
    const t0 = Date.now() + 60_000;
    await withEnv(s3.env(bucket), async () => {
      expect((await cachedReadiness(t0)).ready).toBe(true);
    });
    await withEnv(s3.env(bucketName("missing")), async () => {
      expect((await cachedReadiness(t0 + 900)).ready).toBe(true);
      expect((await cachedReadiness(t0 + 1_100)).ready).toBe(false);
    });
  });
});

test("/readyz is 503 with a bare status when the database cannot be reached", async () => {
  await closeDb();
  await withEnv({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, async () => {
    try {
      expect(await readiness()).toMatchObject({ ready: false, database: "unreachable" });
      forgetReadiness();
      const response = await readyz();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "not ready" });
    } finally {
      await closeDb();
    }
  });
});
