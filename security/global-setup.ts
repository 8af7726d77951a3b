import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { closeDatabases } from "./helpers/database";
import { startServer, type Backend, type RunningServer } from "./helpers/server";
import { seedWorld, type World } from "./helpers/world";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared server on SQLite first, then on PostgreSQL when TEST_DATABASE_URL is set. */
    worlds: World[];
  }
}

/** One built server per database, seeded with two clients and a staff member, shared by the suites. */
export default async function setup(project: TestProject) {
  const backends: Backend[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  if (!process.env.TEST_DATABASE_URL) console.warn("[security] TEST_DATABASE_URL is not set: the PostgreSQL matrix is skipped.");
  const servers: RunningServer[] = [];
  try {
    const worlds: World[] = [];
    for (const backend of backends) {
      // Metrics on, behind a token nobody in the world holds (the matrix expects 401 from /metrics);
      // inbound mail on, behind a secret nobody holds either (401 from /api/inbound-mail, decision 0096).
      const server = await startServer({
        backend,
        env: {
          METRICS_TOKEN: randomBytes(32).toString("hex"),
          INBOUND_MAIL_SECRET: randomBytes(32).toString("hex"),
          INBOUND_REPLY_ADDRESS: "reply@in.example.com",
        },
      });
      servers.push(server);
      const { stop: _stop, stderr: _stderr, ...info } = server;
      worlds.push(await seedWorld(info));
    }
    project.provide("worlds", worlds);
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    throw error;
  }
  return async () => {
    await closeDatabases();
    await Promise.all(servers.map((s) => s.stop()));
  };
}
