// The working directory's .env: read by the entries, the environment winning over the file.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { configurationWarnings } from "~/server/env-check.server";
import { EnvFileError, loadEnvFile } from "~/server/env-file.server";
import { KNOWN_VARIABLES, parseEnv } from "~/server/env.server";
import { tempDir } from "../helpers/temp-dirs";

const ROOT = path.resolve(import.meta.dirname, "../..");

function withDotEnv(text: string): string {
  const dir = tempDir("env-file-");
  writeFileSync(path.join(dir, ".env"), text);
  return dir;
}

test("The working directory's .env fills what the environment leaves unset, and the environment wins", () => {
  const dir = withDotEnv('PORT=8080\nMAIL_FROM="Kite <no-reply@kite.example>"\nLOG_LEVEL=debug\n');
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn" };
  const read = loadEnvFile(env, dir);
  expect(env).toEqual({ PORT: "8080", MAIL_FROM: "Kite <no-reply@kite.example>", LOG_LEVEL: "warn" });
  expect(read?.path).toBe(path.join(dir, ".env"));
  expect(read?.applied.sort()).toEqual(["MAIL_FROM", "PORT"]);
  expect(read?.kept).toEqual(["LOG_LEVEL"]);
});

test("A variable the environment sets empty still wins over the file, as with Node's --env-file", () => {
  const env: NodeJS.ProcessEnv = { SMTP_URL: "" };
  loadEnvFile(env, withDotEnv("SMTP_URL=smtp://mail.example:587\n"));
  expect(env.SMTP_URL).toBe("");
});

test("Without a .env nothing is read, and ENV_FILE=off reads none even when one is there", () => {
  const empty = {};
  expect(loadEnvFile(empty, tempDir("env-file-"))).toBeNull();
  expect(empty).toEqual({});
  const env: NodeJS.ProcessEnv = { ENV_FILE: "off" };
  expect(loadEnvFile(env, withDotEnv("PORT=8080\n"))).toBeNull();
  expect(env.PORT).toBeUndefined();
});

test("ENV_FILE names another file; one that does not exist is refused with a message naming it", () => {
  const dir = withDotEnv("PORT=8080\n");
  writeFileSync(path.join(dir, "production.env"), "PORT=9090\n");
  const env: NodeJS.ProcessEnv = { ENV_FILE: "production.env" };
  loadEnvFile(env, dir);
  expect(env.PORT).toBe("9090");
  expect(() => loadEnvFile({ ENV_FILE: "prod.env" }, dir)).toThrowError(EnvFileError);
  expect(() => loadEnvFile({ ENV_FILE: "prod.env" }, dir)).toThrowError(/ENV_FILE=prod\.env: no such file/);
});

test(".env.example copied to .env is a valid configuration that raises no warning", () => {
  const dir = tempDir("env-file-");
  copyFileSync(path.join(ROOT, ".env.example"), path.join(dir, ".env"));
  const env: NodeJS.ProcessEnv = {};
  loadEnvFile(env, dir);
  expect(parseEnv(env, dir).RETENTION_SCHEDULE).toBe("30 3 * * *");
  expect(configurationWarnings(env, KNOWN_VARIABLES)).toEqual([]);
});

/** scripts/db-migrate.ts run as an operator runs it, from `cwd`, with none of this test run's settings. */
function migrateIn(cwd: string, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
    ...extra,
  };
  return spawnSync(process.execPath, ["--import", import.meta.resolve("tsx"), path.join(ROOT, "scripts/db-migrate.ts")], {
    cwd,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
}

test("An admin tool reads .env before its logger starts, and warns of a misspelt variable in it", () => {
  const dir = withDotEnv(
    "DATABASE_URL=file:./from-dotenv.sqlite\nAUTH_SECRET=dotenv-secret-0123456789-0123456789\nLOG_LEVEL=info\nSMTP_ULR=smtp://x\n",
  );
  const result = migrateIn(dir);
  expect(result.status, result.stderr).toBe(0);
  expect(existsSync(path.join(dir, "from-dotenv.sqlite"))).toBe(true);
  // LOG_LEVEL=info came from the file: the logger, loaded after it, reports each migration.
  expect(result.stdout).toContain('"msg":"migration applied"');
  // On stderr: the first line a tool prints on stdout is what scripts read.
  expect(result.stderr).toContain("Warning: SMTP_ULR is not a variable of this app and is ignored: did you mean SMTP_URL?");
  expect(result.stdout).not.toContain("SMTP_ULR");
}, 60_000);

test("An admin tool started with ENV_FILE=off leaves .env alone", () => {
  const dir = withDotEnv("DATABASE_URL=file:./from-dotenv.sqlite\n");
  const result = migrateIn(dir, { ENV_FILE: "off", LOG_LEVEL: "warn" });
  expect(result.status, result.stderr).toBe(0);
  expect(existsSync(path.join(dir, "data", "app.sqlite"))).toBe(true);
  expect(existsSync(path.join(dir, "from-dotenv.sqlite"))).toBe(false);
}, 60_000);
