import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { tempDir } from "../helpers/temp-dirs";

const tmp = () => tempDir("env-");

test("Defaults give port 3000, a localhost APP_URL, and leave the company domain and sender to first-run setup", () => {
  const env = parseEnv({}, tmp());
  expect(env.PORT).toBe(3000);
  expect(env.APP_URL).toBe("http://localhost:3000");
  // Unset here: setup's saved domain, else the demo's (brand/company-domain.server.ts; decision 0068).
  expect(env.COMPANY_DOMAIN).toBeUndefined();
  expect(env.MAIL_FROM).toBeUndefined();
  expect(env.DEMO_CONTENT).toBe("on");
});

test("APP_URL defaults to the configured port and loses a trailing slash", () => {
  expect(parseEnv({ PORT: "8080" }, tmp()).APP_URL).toBe("http://localhost:8080");
  expect(parseEnv({ APP_URL: "https://agency.example/" }, tmp()).APP_URL).toBe("https://agency.example");
});

test("A missing AUTH_SECRET is generated once and reused on the next boot", () => {
  const dir = tmp();
  const first = parseEnv({}, dir).AUTH_SECRET;
  const second = parseEnv({}, dir).AUTH_SECRET;
  expect(first).toHaveLength(43);
  expect(second).toBe(first);
  expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
});

test("Every invalid variable is named in one clear message", () => {
  const bad = { PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "http://mail", COMPANY_DOMAIN: "not a domain" };
  let message = "";
  try {
    parseEnv(bad, tmp());
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain("PORT: must be a port number");
  expect(message).toContain("DATABASE_URL: must be file:PATH or postgres");
  expect(message).toContain("SMTP_URL: must be smtp://");
  expect(message).toContain("COMPANY_DOMAIN: must be a domain");
});

test("Google credentials must come as a pair", () => {
  expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" }, tmp())).toThrowError(/must be set together/);
  expect(parseEnv({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" }, tmp()).GOOGLE_ISSUER).toBe("https://accounts.google.com");
});

test("SQLite file and PostgreSQL URLs are accepted as DATABASE_URL", () => {
  expect(parseEnv({ DATABASE_URL: "file:./data/x.sqlite" }, tmp()).DATABASE_URL).toBe("file:./data/x.sqlite");
  expect(parseEnv({ DATABASE_URL: "postgres://u@h:5432/db" }, tmp()).DATABASE_URL).toBe("postgres://u@h:5432/db");
});

test("STAFF_2FA is required unless set to optional, and nothing else is accepted", () => {
  expect(parseEnv({}, tmp()).STAFF_2FA).toBe("required");
  expect(parseEnv({ STAFF_2FA: "optional" }, tmp()).STAFF_2FA).toBe("optional");
  expect(() => parseEnv({ STAFF_2FA: "off" }, tmp())).toThrowError(/STAFF_2FA: must be "required" or "optional"/);
});

test("A short AUTH_SECRET is refused", () => {
  expect(() => parseEnv({ AUTH_SECRET: "short" }, tmp())).toThrowError(/AUTH_SECRET: must be at least 32/);
});

test("S3 credentials must come as a pair, or not at all", () => {
  expect(() => parseEnv({ STORAGE_URL: "s3://bucket", S3_ACCESS_KEY_ID: "key" }, tmp())).toThrowError(
    /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
  );
  expect(parseEnv({ STORAGE_URL: "s3://bucket/files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" }, tmp()).STORAGE_URL).toBe(
    "s3://bucket/files",
  );
  expect(parseEnv({ STORAGE_URL: "s3://bucket" }, tmp()).S3_ACCESS_KEY_ID).toBeUndefined();
});
