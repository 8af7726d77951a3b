// Decision 0108: the young generation's cap can only be given on node's command line, so every way
// the server is started must pass it; a launcher that forgets it keeps ~100 MiB more after load.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/lib/built-server.mjs";

const FLAG = "--max-semi-space-size=2";

test("npm start, the container, the systemd unit, the deploy guide and the bench all start node with the young generation capped", () => {
  expect(SERVER_NODE_FLAGS).toContain(FLAG);
  const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
  expect(scripts.start).toBe(`node ${FLAG} scripts/start.mjs`);
  expect(readFileSync("Dockerfile", "utf8")).toContain(`CMD ["node", "${FLAG}", "scripts/start.mjs"]`);
  expect(readFileSync("deploy/agency.service", "utf8")).toContain(`ExecStart=/usr/bin/node ${FLAG} build/server.js`);
  const guide = readFileSync("docs/deploy.md", "utf8");
  expect(guide).toContain(`ExecStart=/usr/bin/node ${FLAG} build/server.js`);
  expect(guide).not.toMatch(/node build\/server\.js\n/);
});
