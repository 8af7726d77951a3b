// `npm run test:upgrade`: the previous release keeps serving on a database this code has migrated,
// as it must during a rolling upgrade (docs/upgrade.md, decision 0064). The previous release is
// UPGRADE_FROM=<ref>, else the newest `v*` tag (or "Release X.Y.Z" commit) behind HEAD; without one it is skipped
// with a notice (exit 0). For SQLite, and PostgreSQL when TEST_DATABASE_URL is set:
//   1. the previous release's build starts on an empty database (migrating it its way), and a
//      client signs up through the real form;
//   2. this code's `db:migrate` runs while that instance keeps serving;
//   3. the instance still answers /, /healthz, /login, /readyz, /careers and the client's dashboard,
//      and a second client signs up (a write to the migrated tables);
//   4. the instance restarts on the migrated database and serves again; a release from before the
//      migrator accepted a newer database (0.1.0) refuses instead, which is reported, not failed.
// Exit 1 when a check fails. Prints one row per check and the time of each phase.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { prepareRelease, previousReleaseRef, type OldRelease } from "./lib/upgrade-release";
import { newClient, startBuild, StartFailed, statusOf, type RunningServer } from "./lib/upgrade-server";

const PAGES = ["/", "/healthz", "/login", "/readyz", "/careers"];
const rows: { check: string; ok: boolean; detail: string }[] = [];
const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const log = (line: string) => process.stderr.write(`[upgrade] ${line}\n`);

function record(check: string, ok: boolean, detail: string): boolean {
  rows.push({ check, ok, detail });
  log(`${ok ? "ok  " : "FAIL"} ${check}: ${detail}`);
  return ok;
}

/** This code's `npm run db:migrate` on `databaseUrl`; how many migrations it applied. */
function migrateWithThisCode(databaseUrl: string): number {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-migrate.ts"], {
    encoding: "utf8",
    env: { ...process.env, ENV_FILE: "off", DATABASE_URL: databaseUrl, LOG_LEVEL: "info", AUTH_SECRET: randomBytes(32).toString("hex") },
  });
  if (result.status !== 0) throw new Error(`db:migrate failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.split("\n").filter((line) => line.includes('"msg":"migration applied"')).length;
}

async function pagesAnswer(server: RunningServer, cookie: string, when: string): Promise<void> {
  const statuses = await Promise.all(PAGES.map(async (page) => `${page} ${await statusOf(server.url + page)}`));
  record(
    `the previous release answers its pages ${when}`,
    statuses.every((s) => s.endsWith(" 200")),
    statuses.join(", "),
  );
  const dashboard = await statusOf(`${server.url}/user-dashboard`, cookie);
  record(`a signed-in client's dashboard opens ${when}`, dashboard === 200, `/user-dashboard ${dashboard}`);
}

async function upgradeOn(name: string, release: OldRelease, databaseUrl: string, dataDir: string): Promise<void> {
  const phase = performance.now();
  let server: RunningServer | undefined;
  try {
    server = await startBuild(release.dir, dataDir, databaseUrl);
    const cookie = await newClient(server.url);
    record(`${name}: the previous release starts on an empty database and a client signs up`, true, seconds(phase));

    const migrating = performance.now();
    const applied = migrateWithThisCode(databaseUrl);
    record(
      `${name}: this code migrates the database under it`,
      true,
      `${applied} migration(s) newer than ${release.ref}, ${seconds(migrating)}`,
    );
    await pagesAnswer(server, cookie, `on ${name} after the migration`);
    const second = await newClient(server.url);
    record(
      `${name}: a new client signs up on the migrated tables`,
      (await statusOf(`${server.url}/user-dashboard`, second)) === 200,
      "registered",
    );

    await server.stop();
    server = undefined;
    try {
      server = await startBuild(release.dir, dataDir, databaseUrl);
      await pagesAnswer(server, cookie, `on ${name} after restarting on the migrated database`);
    } catch (error) {
      const refused = error instanceof StartFailed && /previously executed migration .* is missing/.test(error.message);
      if (refused && !release.toleratesNewerDatabase && applied > 0)
        record(
          `${name}: the previous release restarts on the migrated database`,
          true,
          `refused, as releases before the tolerant migrator do (docs/upgrade.md "From 0.1.0")`,
        );
      else throw error;
    }
  } catch (error) {
    record(`${name}: upgrade`, false, error instanceof Error ? error.message.slice(-3000) : String(error));
  } finally {
    await server?.stop();
  }
}

async function onPostgres(release: OldRelease, base: string, dataDir: string): Promise<void> {
  const schema = `upgrade_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    await upgradeOn("PostgreSQL", release, `${base}${base.includes("?") ? "&" : "?"}options=-c%20search_path%3D${schema}`, dataDir);
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

const ref = previousReleaseRef();
if (!ref) {
  const bar = "!".repeat(78);
  console.log(
    `\n${bar}\n!!\n!!  UPGRADE TEST SKIPPED: no release tag (v*) or release commit behind HEAD. Name the previous release\n!!  with UPGRADE_FROM=<ref>, e.g. UPGRADE_FROM=v0.1.0 npm run test:upgrade\n!!\n${bar}\n`,
  );
  process.exit(0);
}
log(`previous release: ${ref}`);
const preparing = performance.now();
const release = prepareRelease(ref, log);
const preparedIn = seconds(preparing);
log(`${ref} is ${release.commit.slice(0, 12)} in ${release.dir} (node_modules ${release.modules}), ready in ${preparedIn}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-upgrade-data-"));
try {
  await upgradeOn("SQLite", release, `file:${path.join(dataDir, "app.sqlite")}`, dataDir);
  if (process.env.TEST_DATABASE_URL) await onPostgres(release, process.env.TEST_DATABASE_URL, dataDir);
  else log("TEST_DATABASE_URL is not set: PostgreSQL skipped");
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  release.remove();
}
const failed = rows.filter((r) => !r.ok);
console.log(
  `\nUpgrade from ${ref} (${release.commit.slice(0, 12)}): ${rows.length - failed.length}/${rows.length} checks passed in ${seconds(started)} (preparing the release ${preparedIn}).`,
);
process.exitCode = failed.length ? 1 : 0;
