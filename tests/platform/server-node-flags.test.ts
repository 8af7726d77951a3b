// Decision 0108: the young generation's cap can only be given on node's command line, so every way
// the server is started must pass it; a launcher that forgets it keeps ~100 MiB more after load.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SERVER_GLIBC_TUNABLES, SERVER_NODE_FLAGS, serverEnv } from "../../scripts/lib/built-server.mjs";

const FLAG = "--max-semi-space-size=2";

test("npm start, the container, the systemd unit, the deploy guide and the bench all start node with the young generation capped", () => {
  expect(SERVER_NODE_FLAGS).toContain(FLAG);
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  expect(scripts.start).toBe(`GLIBC_TUNABLES=${TUNABLES} node ${FLAG} scripts/start.mjs`);
  expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ["node", "${FLAG}", "scripts/start.mjs"]`);
  expect(readFileSync("deploy/agency.service", "utf8")).toContain(`ExecStart=/usr/bin/node ${FLAG} build/server.js`);
  const guide = readFileSync("docs/deploy.md", "utf8");
  expect(guide).toContain(`ExecStart=/usr/bin/node ${FLAG} build/server.js`);
  expect(guide).not.toMatch(/node build\/server\.js\n/);
});

// Decision 0113: the C library reads its tunables once, when the process starts, so they too must
// come from whatever starts the server; without them ~30 MiB more stays resident after load.
const TUNABLES = "glibc.malloc.mmap_threshold=32768";

test("npm start, the container, the systemd unit, the deploy guide, the bench and the e2e server all give glibc the same mmap threshold", () => {
  expect(SERVER_GLIBC_TUNABLES).toBe(TUNABLES);
  expect(readFileSync("Dockerfile", "utf8")).toContain(`GLIBC_TUNABLES=${TUNABLES} \\`);
  expect(readFileSync("deploy/agency.service", "utf8")).toContain(`Environment=GLIBC_TUNABLES=${TUNABLES}\n`);
  const guide = readFileSync("docs/deploy.md", "utf8");
  expect(guide).toContain(`Environment=GLIBC_TUNABLES=${TUNABLES}\n`);
  expect(guide).toContain(`GLIBC_TUNABLES=${TUNABLES} node ${FLAG} build/server.js`);
  expect(readFileSync("playwright.config.ts", "utf8")).toContain(`GLIBC_TUNABLES: "${TUNABLES}"`);
  const data = { dir: "/tmp/x", databaseFile: "/tmp/x/app.sqlite", storageDir: "/tmp/x/uploads", remove() {} };
  expect(serverEnv(data, 3000).GLIBC_TUNABLES).toBe(TUNABLES);
});
