// Empty and misspelt variables: what the boot check says, and what the app does with them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { configurationWarnings } from "~/server/env-check.server";
import { KNOWN_VARIABLES, parseEnv } from "~/server/env.server";
import { tempDir } from "../helpers/temp-dirs";

const warnings = (source: Record<string, string>) => configurationWarnings(source, KNOWN_VARIABLES);

test("An empty PORT counts as unset: the default port, not any free port", () => {
  const env = parseEnv({ PORT: "" }, tempDir("env-"));
  expect(env.PORT).toBe(3000);
  expect(env.APP_URL).toBe("http://localhost:3000");
});

test("Every empty variable counts as unset, so defaults apply instead of a refusal or an empty value", () => {
  const env = parseEnv({ COMPANY_DOMAIN: "", S3_REGION: " ", LOG_LEVEL: "", BACKUP_KEEP: "", REDIS_KEY_PREFIX: "" }, tempDir("env-"));
  expect(env).toMatchObject({ S3_REGION: "us-east-1", LOG_LEVEL: "info", BACKUP_KEEP: 7 });
  // Unset: the domain saved at first-run setup, else the demo's (brand/company-domain.server.ts).
  expect(env.COMPANY_DOMAIN).toBeUndefined();
  expect(env.REDIS_KEY_PREFIX).toBe("agency:");
});

test("Empty variables are reported in one warning that names each of them", () => {
  expect(warnings({ PORT: "", SMTP_URL: "", HOST: "127.0.0.1" })).toEqual([
    "Empty variables count as unset, so their defaults apply: PORT, SMTP_URL. Give them a value or remove them.",
  ]);
});

test("A misspelt variable is reported with the closest known one", () => {
  expect(warnings({ SMTP_ULR: "smtp://x" })).toEqual(["SMTP_ULR is not a variable of this app and is ignored: did you mean SMTP_URL?"]);
  expect(warnings({ DATABSE_URL: "postgres://x" })).toEqual([
    "DATABSE_URL is not a variable of this app and is ignored: did you mean DATABASE_URL?",
  ]);
  expect(warnings({ APP_ULR: "https://x", REDIS_HOST: "r", GOOGLE_CLIENT_SCRET: "s", BACKUP_KEY: "k" })).toEqual([
    "APP_ULR is not a variable of this app and is ignored: did you mean APP_URL?",
    "BACKUP_KEY is not a variable of this app and is ignored: did you mean BACKUP_KEEP?",
    "GOOGLE_CLIENT_SCRET is not a variable of this app and is ignored: did you mean GOOGLE_CLIENT_SECRET?",
    "REDIS_HOST is not a variable of this app and is ignored: did you mean REDIS_URL?",
  ]);
});

test("The usual variables of a shell, a container, Node, npm and the test runners raise no warning", () => {
  const everyday = [
    "PATH", "HOME", "HOSTNAME", "USER", "LOGNAME", "SHELL", "PWD", "OLDPWD", "TERM", "LANG", "TZ", "CI", "MAIL",
    "NODE_OPTIONS", "NODE_EXTRA_CA_CERTS", "NODE_PATH", "GOOGLE_APPLICATION_CREDENTIALS", "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "PGHOST", "PGPORT", "PGPASSWORD", "HTTP_PROXY", "NO_PROXY", "SSL_CERT_FILE",
    "TEST_DATABASE_URL", "TEST_REDIS_URL", "E2E_PORT", "CHROMIUM_PATH", "BETTER_AUTH_TELEMETRY", "TSX_TSCONFIG_PATH",
    "npm_config_cache", "npm_lifecycle_event", "INIT_CWD", "COLORTERM", "DEBIAN_FRONTEND", "UV_THREADPOOL_SIZE",
  ]; // prettier-ignore
  expect(warnings(Object.fromEntries(everyday.map((name) => [name, "x"])))).toEqual([]);
});

test(".env.example documents exactly the variables the app reads", () => {
  const example = readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
  const documented = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  expect([...new Set(documented)].sort()).toEqual([...KNOWN_VARIABLES].sort());
});
