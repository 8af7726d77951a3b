// TRUSTED_PROXIES: how server.ts reads the client IP, scheme and host, over real
// loopback sockets. e2e/trusted-proxies.spec.ts runs the same cases against the built server.
import { createRequest } from "@remix-run/node-fetch-server";
import { afterAll, expect, test } from "vitest";
import { acceptForwarding, compileTrustedProxies } from "~/server/http/forwarding.server";
import { isSameOrigin } from "~/server/http/origin-check.server";
import { rawRequest, serveOnLoopback, type TestHttpServer } from "../helpers/http";

interface Seen {
  clientIp: string;
  url: string;
  sameOrigin: boolean;
  forwardedFor: string | null;
}

const servers: TestHttpServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A server that resolves each request as server.ts does and answers with what it saw. */
async function serverTrusting(trustedProxies: string | undefined): Promise<number> {
  const trust = compileTrustedProxies(trustedProxies);
  const server = await serveOnLoopback((req, res) => {
    const { clientIp, protocol, host } = acceptForwarding(req, trust);
    const request = createRequest(req, res, { protocol, host });
    const seen: Seen = {
      clientIp,
      url: request.url,
      sameOrigin: isSameOrigin(request),
      forwardedFor: request.headers.get("x-forwarded-for"),
    };
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(seen));
  });
  servers.push(server);
  return server.port;
}

async function send(port: number, headers: Record<string, string>): Promise<Seen> {
  return JSON.parse((await rawRequest(`http://127.0.0.1:${port}/login`, { method: "POST", headers })).text) as Seen;
}

const proxied = {
  Host: "10.0.0.2:3000",
  "X-Forwarded-For": "198.51.100.7",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": "app.example.test",
  Origin: "https://app.example.test",
};

test("Without TRUSTED_PROXIES, X-Forwarded-For, -Proto and -Host are ignored and removed", async () => {
  const port = await serverTrusting(undefined);
  const seen = await send(port, { ...proxied, Host: `127.0.0.1:${port}` });
  expect(seen).toEqual({ clientIp: "127.0.0.1", url: `http://127.0.0.1:${port}/login`, sameOrigin: false, forwardedFor: null });
});

test("X-Forwarded-* from a peer that is not one of the trusted proxies are ignored", async () => {
  const port = await serverTrusting("10.0.0.0/8, 192.168.1.5");
  const seen = await send(port, { ...proxied, Host: `127.0.0.1:${port}` });
  expect(seen.clientIp).toBe("127.0.0.1");
  expect(seen.url).toBe(`http://127.0.0.1:${port}/login`);
  expect(seen.sameOrigin).toBe(false);
});

test("Behind a trusted proxy the client IP is the forwarded one", async () => {
  const port = await serverTrusting("loopback");
  expect((await send(port, proxied)).clientIp).toBe("198.51.100.7");
  expect((await send(port, { Host: "app.example.test" })).clientIp).toBe("127.0.0.1");
});

test("An address a client puts in front of X-Forwarded-For does not change its IP", async () => {
  const port = await serverTrusting("127.0.0.1");
  // nginx appends the peer it saw ($proxy_add_x_forwarded_for) to whatever the client sent.
  const seen = await send(port, { ...proxied, "X-Forwarded-For": "203.0.113.99, 10.1.1.1, 198.51.100.7" });
  expect(seen.clientIp).toBe("198.51.100.7");
});

test("Through a chain of trusted proxies the client is the right-most untrusted address", async () => {
  const port = await serverTrusting("loopback,10.0.0.0/8");
  const seen = await send(port, { ...proxied, "X-Forwarded-For": "203.0.113.99, 198.51.100.7, 10.0.0.5" });
  expect(seen.clientIp).toBe("198.51.100.7");
});

test("Behind a TLS-terminating trusted proxy the request URL is the https one the browser used, so its form posts are same-origin", async () => {
  const port = await serverTrusting("loopback");
  const seen = await send(port, proxied);
  expect(seen.url).toBe("https://app.example.test/login");
  expect(seen.sameOrigin).toBe(true);
  const crossSite = await send(port, { ...proxied, Origin: "https://evil.example" });
  expect(crossSite.sameOrigin).toBe(false);
});

test("A trusted proxy that forwards plain http gives an http URL, and an https Origin does not match it", async () => {
  const port = await serverTrusting("loopback");
  const seen = await send(port, { ...proxied, "X-Forwarded-Proto": "http" });
  expect(seen.url).toBe("http://app.example.test/login");
  expect(seen.sameOrigin).toBe(false);
});

test("A spoofed X-Forwarded-Host header does not make a cross-site post same-origin", () => {
  const request = new Request("http://app.example.test/settings/delete-account", {
    method: "POST",
    headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
  });
  expect(isSameOrigin(request)).toBe(false);
});
