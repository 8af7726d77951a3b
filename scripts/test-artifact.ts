// `npm run test:artifact`: the production artifact as a server host gets it (decision 0060). Copies
// it from the build `npm test` made (building only when there is none) into an empty folder,
// installs it with `npm install --omit=dev`, starts it with `npm start` and runs every admin tool
// there through its npm script: on SQLite, then on a fresh PostgreSQL schema that db:copy fills
// (skipped with a notice when TEST_DATABASE_URL is unset). storage:copy copies into s3rver, run from
// this checkout. Prints one row per check, the sizes and the timings; exits 1 if a check failed.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { testDatabases } from "../tests/helpers/databases";
import { startS3, type TestS3 } from "../tests/helpers/s3";
import { missingBuildOutputs, writeArtifact } from "./lib/artifact.mjs";
import { folderSize, hostEnv, megabytes, npm, tool, type RunningApp } from "./lib/artifact-host";
import { checkAdminTools, type Round } from "./lib/artifact-tools";
import { freePort } from "./lib/built-server.mjs";

const LIMIT_MS = 15 * 60_000;
const DEV_PACKAGES = ["vite", "vitest", "typescript", "@react-router/dev", "eslint", "@playwright/test", "s3rver"];
const rows: { check: string; ok: boolean; detail: string }[] = [];
const timings: [string, number][] = [];
const sizes: string[] = [];
const cleanups: (() => unknown)[] = [];
let app: RunningApp | undefined;

function record(check: string, ok: boolean, detail: string) {
  rows.push({ check, ok, detail });
  process.stderr.write(`[artifact] ${ok ? "ok  " : "FAIL"} ${check}: ${detail}\n`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push([label, performance.now() - started]);
  }
}

const startedAt = performance.now();
const timer = setTimeout(() => {
  record("finished within the time limit", false, `still running after ${LIMIT_MS / 60_000} min`);
  void finish();
}, LIMIT_MS);
let finishing: Promise<never> | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(130));

function finish(code?: number): Promise<never> {
  finishing ??= (async () => {
    clearTimeout(timer);
    const failed = rows.some((r) => !r.ok);
    if (failed && app) process.stderr.write(`--- npm start output ---\n${app.output()}\n`);
    await app?.stop();
    for (const cleanup of cleanups.reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => process.stderr.write(`[artifact] cleanup: ${String(error)}\n`));
    }
    console.log("\n| check | result | detail |\n|---|---|---|");
    for (const r of rows) console.log(`| ${r.check} | ${r.ok ? "pass" : "FAIL"} | ${r.detail} |`);
    console.log(`\n${sizes.join("\n")}`);
    console.log(`\n${timings.map(([label, ms]) => `${label}: ${(ms / 1000).toFixed(1)} s`).join("\n")}`);
    console.log(`total: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    process.exit(code ?? (failed || rows.length === 0 ? 1 : 0));
  })();
  return finishing;
}

/** The settings of one install: its own port, database, files and backups. */
async function settings(data: string, databaseUrl: string): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    DATABASE_URL: databaseUrl,
    STORAGE_DIR: path.join(data, "uploads"),
    BACKUP_URL: `file:${path.join(data, "backups")}`,
    BACKUP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // The check signs the staff account in with its password alone.
    STAFF_2FA: "optional",
    COMPANY_DOMAIN: "indigokite.dev",
    DEMO_CONTENT: "on",
    LOG_LEVEL: "warn",
  };
}

async function installArtifact(root: string): Promise<string | null> {
  if (missingBuildOutputs().length > 0) {
    process.stderr.write("[artifact] no complete build: running npm run build\n");
    await timed("npm run build", async () => execFileSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] }));
  }
  const dir = path.join(root, "app");
  writeArtifact(dir);
  const shipped = folderSize(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { devDependencies?: object };
  sizes.push(`artifact (without node_modules): ${megabytes(shipped.bytes)} in ${shipped.files} files`);
  record(
    "the artifact holds the build and the tool runner, no sources and no devDependencies",
    existsSync(path.join(dir, "build/tools/staff.js")) &&
      !existsSync(path.join(dir, "app")) &&
      !existsSync(path.join(dir, "scripts/staff.ts")) &&
      manifest.devDependencies === undefined,
    `${shipped.files} files, ${megabytes(shipped.bytes)}`,
  );
  const install = await timed("npm install --omit=dev", () =>
    npm(dir, ["install", "--omit=dev", "--no-audit", "--no-fund"], hostEnv({}), 900_000),
  );
  const devInstalled = DEV_PACKAGES.filter((name) => existsSync(path.join(dir, "node_modules", name)));
  const patched = /react-router@\S+ ✔/.test(install.stdout);
  record(
    "npm install --omit=dev installs it and applies patches/",
    install.code === 0 && patched && devInstalled.length === 0,
    `exit ${install.code} in ${(install.ms / 1000).toFixed(1)} s; patch applied: ${patched}; dev packages: ${devInstalled.join(", ") || "none"}${install.code ? `\n${install.stderr.slice(-2_000)}` : ""}`,
  );
  if (install.code !== 0) return null;
  const modules = folderSize(path.join(dir, "node_modules"));
  sizes.push(`node_modules after npm install --omit=dev: ${megabytes(modules.bytes)} in ${modules.files} files`);
  return dir;
}

async function storageCopy(dir: string, sqlite: Round, s3: TestS3): Promise<void> {
  const bucket = await s3.createBucket("artifact");
  const result = await tool(dir, "storage:copy", [], hostEnv({ ...sqlite.settings, ...s3.env(bucket) }));
  const objects = (await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? [];
  const expected = sqlite.storedFiles.length;
  record(
    "storage:copy copies the stored files into S3 (s3rver) and verifies them",
    result.code === 0 && result.stdout.includes(`All ${expected} file(s) are in the target and verified.`) && objects.length === expected,
    `exit ${result.code}; ${objects.length} object(s) in the bucket, ${expected} file(s) stored${result.code ? `: ${result.stderr}` : ""}`,
  );
}

try {
  const root = mkdtempSync(path.join(os.tmpdir(), "agency-artifact-"));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dir = await timed("copy the artifact and npm install --omit=dev", () => installArtifact(root));
  if (!dir) await finish();
  const s3 = await startS3();
  cleanups.push(() => s3.stop());

  const sqliteData = path.join(root, "sqlite");
  mkdirSync(path.join(sqliteData, "uploads/artifact-check"), { recursive: true });
  const storedFiles = ["artifact-check/notes.txt", "artifact-check/figures.bin"];
  writeFileSync(path.join(sqliteData, "uploads", storedFiles[0]!), "Kept by a backup, restored by a restore.\n");
  writeFileSync(path.join(sqliteData, "uploads", storedFiles[1]!), randomBytes(200_000));
  const sqlite: Round = {
    label: "SQLite",
    settings: await settings(sqliteData, `file:${path.join(sqliteData, "app.sqlite")}`),
    storedFiles,
    createAdmin: true,
  };
  await timed("admin tools on SQLite", () => checkAdminTools(dir!, sqlite, record, (running) => (app = running)));
  await timed("storage:copy", () => storageCopy(dir!, sqlite, s3));

  const postgres = process.env.TEST_DATABASE_URL ? testDatabases("artifact").find((d) => d.name === "postgres") : undefined;
  if (!postgres) {
    const bar = "!".repeat(78);
    console.log(`\n${bar}\n!!  POSTGRESQL PART SKIPPED: TEST_DATABASE_URL is not set (db:copy and the tools on PostgreSQL).\n${bar}\n`);
  } else {
    const databaseUrl = await postgres.setup();
    cleanups.push(() => postgres.teardown());
    const copy = await timed("db:copy", () =>
      tool(dir!, "db:copy", ["--from", path.join(sqliteData, "app.sqlite"), "--to", databaseUrl], hostEnv({ LOG_LEVEL: "warn" })),
    );
    record(
      "db:copy copies the SQLite database into a fresh PostgreSQL schema",
      copy.code === 0 && copy.stdout.includes("every count matches"),
      `exit ${copy.code}: ${(copy.code ? copy.stderr : copy.stdout.trim().split("\n").at(-1)) ?? ""}`,
    );
    const pg: Round = {
      label: "PostgreSQL",
      settings: await settings(path.join(root, "postgres"), databaseUrl),
      storedFiles: [],
      createAdmin: false,
    };
    await timed("admin tools on PostgreSQL", () => checkAdminTools(dir!, pg, record, (running) => (app = running)));
  }
} catch (error) {
  record("artifact run", false, error instanceof Error ? (error.stack ?? error.message) : String(error));
}
await finish();
