import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loader as healthz } from "~/routes/resources/healthz";
import { loader as readyz } from "~/routes/resources/readyz";
import { closeDb } from "~/server/db.server";
import { resetEnvForTests } from "~/server/env.server";
import { testDatabases, useAppDatabase } from "./helpers/databases";

describe.each(testDatabases("health"))("Health checks on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());

  test("/healthz answers 200 without asking the database", async () => {
    const response = healthz();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("/readyz is 200 when the database answers and every migration is applied", async () => {
    const response = await readyz();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ready: true, database: "ok", migrations: "applied", pending: [], redis: "off" });
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
