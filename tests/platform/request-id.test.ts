// X-Request-Id as server.ts takes it, over real loopback sockets: a trusted proxy's id is kept, any
// other is replaced. security/metrics.test.ts checks the built server's header and log lines.
import { afterAll, expect, test } from "vitest";
import { compileTrustedProxies } from "~/server/http/forwarding.server";
import { requestIdOf } from "~/server/http/request-id.server";
import { rawRequest, serveOnLoopback, type TestHttpServer } from "../helpers/http";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const servers: TestHttpServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A server that answers with the id it took and the header the app would see further in. */
async function serverTrusting(trustedProxies: string | undefined): Promise<string> {
  const trust = compileTrustedProxies(trustedProxies);
  const server = await serveOnLoopback((req, res) => {
    const id = requestIdOf(req, trust);
    res.end(JSON.stringify({ id, seenFurther: req.headers["x-request-id"] ?? null }));
  });
  servers.push(server);
  return server.url;
}

async function idFor(url: string, offered?: string): Promise<{ id: string; seenFurther: string | null }> {
  const reply = await rawRequest(`${url}/`, { headers: offered === undefined ? {} : { "X-Request-Id": offered } });
  return JSON.parse(reply.text) as { id: string; seenFurther: string | null };
}

test("Each request gets a fresh UUID when it brings no id", async () => {
  const url = await serverTrusting("loopback");
  const ids = await Promise.all(Array.from({ length: 20 }, () => idFor(url)));
  for (const { id } of ids) expect(id).toMatch(UUID);
  expect(new Set(ids.map((r) => r.id)).size).toBe(20);
});

test("A trusted proxy's X-Request-Id is kept, so its logs and ours name the request alike", async () => {
  const url = await serverTrusting("127.0.0.1");
  for (const offered of ["f3b2a1c0d9e8f7a6b5c4d3e2f1a0b9c8", "Root=1-5759e988-bd862e3fe1be46a994272793", "req:42.a/b+c=="]) {
    expect(await idFor(url, offered)).toEqual({ id: offered, seenFurther: offered });
  }
});

test("An X-Request-Id from a peer that is not a trusted proxy is replaced", async () => {
  for (const trusted of [undefined, "10.0.0.0/8"]) {
    const url = await serverTrusting(trusted);
    const { id, seenFurther } = await idFor(url, "chosen-by-the-client");
    expect(id).toMatch(UUID);
    expect(seenFurther).toBe(id);
  }
});

test("A trusted proxy's id that is too long or holds spaces, quotes or commas is replaced", async () => {
  const url = await serverTrusting("loopback");
  for (const offered of ["x".repeat(129), "two words", 'quote"d', "a,b", "-leading-dash", "ünïcode"]) {
    const { id } = await idFor(url, offered);
    expect([offered, UUID.test(id)]).toEqual([offered, true]);
  }
  expect((await idFor(url, "x".repeat(128))).id).toBe("x".repeat(128));
});
