import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { httpServerOptions } from "~/server/http/server-options.server";
import { tempDir } from "../helpers/temp-dirs";

// server.ts builds its node:http server with httpServerOptions(env): a slow upload is cut off by
// REQUEST_TIMEOUT_MS, not by Node's own 5 minutes. Here with short timeouts and Node checking often.

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serverWith(requestTimeoutMs: number): Promise<number> {
  const server = http.createServer(
    { ...httpServerOptions({ REQUEST_TIMEOUT_MS: requestTimeoutMs }), connectionsCheckingInterval: 50 },
    (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => res.end(String(bytes)));
      req.on("error", () => {});
    },
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Posts 8 bytes, one every 150 ms (about 1.2 s in all); resolves with the status. */
function trickle(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: "127.0.0.1", method: "POST", headers: { "Content-Length": "8" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    let sent = 0;
    const timer = setInterval(() => {
      if (request.destroyed) return clearInterval(timer);
      request.write("x");
      if (++sent === 8) {
        clearInterval(timer);
        request.end();
      }
    }, 150);
  });
}

test("An upload slower than the request timeout is cut off with 408, and one within it arrives whole", async () => {
  expect(await trickle(await serverWith(500))).toBe(408);
  expect(await trickle(await serverWith(5_000))).toBe(200);
});

test("REQUEST_TIMEOUT_MS defaults to an hour and refuses less than ten seconds", () => {
  expect(parseEnv({}, tempDir("env-")).REQUEST_TIMEOUT_MS).toBe(3_600_000);
  expect(() => parseEnv({ REQUEST_TIMEOUT_MS: "5000" }, tempDir("env-"))).toThrow(
    "REQUEST_TIMEOUT_MS: must be a number of milliseconds (10000 or more)",
  );
});
