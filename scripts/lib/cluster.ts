// The cluster under test: one s3rver bucket, one fresh PostgreSQL schema, N built app instances.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { testDatabases, type TestDatabase } from "../../tests/helpers/databases";
import { startS3, type TestS3 } from "../../tests/helpers/s3";
import { startServer, tempDataDir, type DataDir, type StartedServer } from "./built-server.mjs";

export interface Cluster {
  s3: TestS3;
  bucket: string;
  databaseUrl: string;
  /** Environment every instance (and the staff CLI) shares. */
  env: Record<string, string>;
  start(name: string): Promise<StartedServer>;
  addStaff(email: string, password: string): Promise<void>;
  stop(): Promise<void>;
  /** Last stderr lines of every instance, for a failure report. */
  logs(): string;
}

export async function startCluster(): Promise<Cluster> {
  const s3 = await startS3();
  const bucket = await s3.createBucket("cluster");
  const database = testDatabases("cluster").find((d) => d.name === "postgres") as TestDatabase;
  const databaseUrl = await database.setup();
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    DEMO_CONTENT: "off",
    // test-cluster.ts signs its staff member in with a password alone.
    STAFF_2FA: "optional",
    ...s3.env(bucket),
  };
  const instances: { name: string; server: StartedServer; data: DataDir }[] = [];
  const dataDirs: DataDir[] = [];
  // Backstop: whatever happens, no instance outlives this process.
  process.on("exit", () => {
    for (const { server } of instances) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  });

  return {
    s3,
    bucket,
    databaseUrl,
    env,
    async start(name) {
      // Each instance has its own STORAGE_DIR (temp files only): shared files must come from S3.
      const data = tempDataDir(`agency-cluster-${name}-`);
      dataDirs.push(data);
      const server = await startServer({ data, env, readyPath: "/readyz", pollMs: 100 });
      instances.push({ name, server, data });
      return server;
    },
    async addStaff(email, password) {
      // `npm run staff -- add …` (asynchronous: the s3rver lives in this process).
      const args = ["run", "--silent", "staff", "--", "add", email, "--password", password];
      await new Promise<void>((resolve, reject) =>
        execFile(
          "npm",
          args,
          { timeout: 60_000, env: { ...process.env, ...env, STORAGE_DIR: dataDirs[0]?.storageDir ?? "" } },
          (error, _out, stderr) => (error ? reject(new Error(`staff add exited ${error.code}: ${stderr}`)) : resolve()),
        ),
      );
    },
    async stop() {
      await Promise.all(instances.map(({ server }) => server.stop()));
      const warn = (what: string) => (error: unknown) => process.stderr.write(`[cluster] ${what}: ${String(error)}\n`);
      await database.teardown().catch(warn("dropping the schema failed"));
      await s3.stop().catch(warn("stopping s3rver failed"));
      for (const data of dataDirs) data.remove();
    },
    logs() {
      return instances.map(({ name, server }) => `--- ${name} stderr ---\n${server.stderr().slice(-2_000)}`).join("\n");
    },
  };
}
