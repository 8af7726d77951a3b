import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { loadCompose, readEnvFile, variablesUsed, type ComposeService } from "../helpers/compose-file";
import { tempDir } from "../helpers/temp-dirs";

// compose.yaml is configuration for operators with an image registry; nothing here can start it.
// These checks hold it to what the app and its neighbours read, so a renamed variable, a wrong
// bucket or a proxy the app does not trust fails here rather than on an operator's server.
// (`npm run test:image` also runs `docker compose config` where the compose plugin is installed.)

const COMPOSE = "compose.yaml";
const TEMPLATE = "deploy/compose.env.example";
// What an operator fills in where the template leaves a line empty.
const FILLED: Record<string, string> = {
  ...readEnvFile(TEMPLATE),
  AUTH_SECRET: "k2mJ0cR6vXc3Yp1u9b7Qe4Lw8Zs5Tn2Ad6Fh3Gj0Ki=",
  POSTGRES_PASSWORD: "4f1c9e2ab7d35c60",
  REDIS_PASSWORD: "9a8b7c6d5e4f3a2b",
  S3_SECRET_ACCESS_KEY: "0123456789abcdef0123456789abcdef",
};
const compose = loadCompose(COMPOSE, FILLED);
const apps = Object.entries(compose.services).filter(([, service]) => service.image?.startsWith("agency-site"));

function documentedVariables(): Set<string> {
  // Set or commented out ("# SMTP_URL="): optional variables are documented commented out.
  return new Set([...readFileSync(".env.example", "utf8").matchAll(/^(?:# )?([A-Z0-9_]+)=/gm)].map((m) => m[1]!));
}

function bucketOf(service: ComposeService): string {
  return /^s3:\/\/([^/]+)/.exec(service.environment?.STORAGE_URL ?? "")?.[1] ?? "";
}

test("compose.yaml runs two app instances of the image with one configuration", () => {
  expect(apps.map(([name]) => name).sort()).toEqual(["app-1", "app-2"]);
  const [[, first], [, second]] = apps as [[string, ComposeService], [string, ComposeService]];
  expect(second.environment).toEqual(first.environment);
  // Each keeps its own scratch space (uploads in flight); nothing else is per instance.
  expect(first.volumes).toEqual(["app-1-data:/data"]);
  expect(second.volumes).toEqual(["app-2-data:/data"]);
});

test("The app instances' environment passes the server's own validation, for PostgreSQL, Redis and S3", () => {
  for (const [, app] of apps) {
    const env = parseEnv(app.environment ?? {}, tempDir("compose-env-"));
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/agency:[^@]+@postgres:5432\/agency$/);
    expect(env.REDIS_URL).toMatch(/^redis:\/\/:[^@]+@redis:6379\/0$/);
    expect(env.STORAGE_URL).toBe("s3://agency-uploads");
    expect(env.APP_URL).toBe(`https://${FILLED.SITE_DOMAIN!}`);
    expect(env.AUTH_SECRET).toBe(FILLED.AUTH_SECRET);
  }
});

test("Every variable compose.yaml gives the app is one .env.example documents", () => {
  const documented = documentedVariables();
  for (const [, app] of apps) {
    expect(Object.keys(app.environment ?? {}).filter((name) => !documented.has(name))).toEqual([]);
  }
});

test("compose.yaml refuses to start without each secret, naming it", () => {
  for (const secret of ["AUTH_SECRET", "POSTGRES_PASSWORD", "REDIS_PASSWORD", "S3_SECRET_ACCESS_KEY", "SITE_DOMAIN"]) {
    expect(() => loadCompose(COMPOSE, { ...FILLED, [secret]: "" })).toThrow(`${secret}: set ${secret} in .env`);
  }
});

test("compose.yaml starts without COMPANY_DOMAIN and MAIL_FROM: first-run setup and the brand settings give them", () => {
  const bare = loadCompose(COMPOSE, { ...FILLED, COMPANY_DOMAIN: "", MAIL_FROM: "" });
  const instances = Object.values(bare.services).filter((service) => service.image?.startsWith("agency-site"));
  expect(instances).toHaveLength(2);
  for (const app of instances) {
    const env = parseEnv(app.environment ?? {}, tempDir("compose-env-"));
    expect(env.COMPANY_DOMAIN).toBeUndefined();
    expect(env.MAIL_FROM).toBeUndefined();
  }
});

test("Every variable compose.yaml reads has a line in the operator's template", () => {
  const template = readEnvFile(TEMPLATE);
  expect([...variablesUsed(readFileSync(COMPOSE, "utf8"))].filter((name) => !(name in template))).toEqual([]);
});

test("The app trusts forwarded headers from the proxy's fixed address only, and only the proxy publishes ports", () => {
  const proxy = compose.services.proxy!;
  const address = (proxy.networks as Record<string, { ipv4_address?: string }>).backend?.ipv4_address;
  const subnet = compose.networks?.backend?.ipam?.config?.[0]?.subnet ?? "";
  expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(address!.split(".").slice(0, 3)).toEqual(subnet.split("/")[0]!.split(".").slice(0, 3));
  expect(subnet.endsWith("/24")).toBe(true);
  for (const [, app] of apps) expect(app.environment?.TRUSTED_PROXIES).toBe(address);
  const publishing = Object.entries(compose.services).filter(([, service]) => (service.ports ?? []).length > 0);
  expect(publishing.map(([name]) => name)).toEqual(["proxy"]);
});

test("The store gives the app's key its bucket, and the bucket the app uses is the one created", () => {
  const identities = JSON.parse(compose.configs?.["s3-identities"]?.content ?? "{}") as {
    identities: { credentials: { accessKey: string; secretKey: string }[]; actions: string[] }[];
  };
  const [identity] = identities.identities;
  const [, app] = apps[0]!;
  expect(identity?.credentials).toEqual([
    { accessKey: app.environment?.S3_ACCESS_KEY_ID, secretKey: app.environment?.S3_SECRET_ACCESS_KEY },
  ]);
  const bucket = bucketOf(app);
  expect(identity?.actions.sort()).toEqual([`List:${bucket}`, `Read:${bucket}`, `Tagging:${bucket}`, `Write:${bucket}`]);
  expect(compose.services["objects-init"]?.command?.join("\n")).toContain(`s3.bucket.create -name ${bucket}`);
  expect(app.environment?.S3_ENDPOINT).toBe("http://objects:8333");
  expect(app.depends_on).toMatchObject({ "objects-init": { condition: "service_completed_successfully" } });
});

test("The proxy sends to every app instance, checks /readyz, and has the stand-alone example's body limits", () => {
  const caddyfile = readFileSync("deploy/compose.Caddyfile", "utf8");
  const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
  expect(upstreams?.sort()).toEqual(apps.map(([name]) => `${name}:${parseEnv({}, tempDir("compose-env-")).PORT}`).sort());
  expect(caddyfile).toMatch(/health_uri \/readyz/);
  // Whether those limits admit the app's largest bodies is tests/platform/proxy-examples.test.ts's.
  const limits = (text: string) => [...text.matchAll(/max_size (\S+)/g)].map((m) => m[1]);
  expect(limits(caddyfile)).toEqual(limits(readFileSync("deploy/Caddyfile", "utf8")));
});
