import net from "node:net";
import os from "node:os";
import { afterAll, beforeAll, describe, inject, test } from "vitest";
import { sampleValue, samples } from "../tests/helpers/prometheus";
import { closeDatabase } from "./helpers/database";
import { send, type Reply } from "./helpers/http";
import { readLogLines, startServer, type RunningServer } from "./helpers/server";
import { tally } from "./helpers/tally";

// /metrics off, behind METRICS_TOKEN (the world's server) and on a loopback METRICS_PORT; the
// X-Request-Id of every answer and of the log lines written while answering.

const [world] = inject("worlds");
const tokenServer = world!.server;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let off: RunningServer;
let portServer: RunningServer;
let metricsPort: number;

/** A port nothing listens on now (the kernel's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

const requestId = (reply: Reply) => String(reply.headers["x-request-id"] ?? "");

beforeAll(async () => {
  off = await startServer();
  metricsPort = await freePort();
  // Behind a proxy on this host whose ids it keeps; metrics on their own loopback port only.
  portServer = await startServer({ env: { METRICS_PORT: String(metricsPort), TRUSTED_PROXIES: "127.0.0.1", LOG_LEVEL: "info" } });
});
afterAll(async () => {
  for (const server of [off, portServer]) {
    if (!server) continue;
    await closeDatabase(server);
    await server.stop();
  }
});

describe("Exposure", () => {
  test("With metrics off, /metrics is not served: 404 for any method, while other unknown paths still lead home", async (context) => {
    const t = tally(context, "Exposure");
    for (const method of ["GET", "HEAD"]) {
      const reply = await send(off.url, "/metrics", { method, headers: { Authorization: "Bearer anything-at-all-0123456789abcdef" } });
      t.check(`${method} /metrics answers 404`, reply.status === 404, `${reply.status} ${reply.location ?? ""}`);
    }
    const post = await send(off.url, "/metrics", { method: "POST", headers: { Origin: off.url } });
    t.check("POST /metrics answers 405 (no form there)", post.status === 405, String(post.status));
    const other = await send(off.url, "/no-such-page");
    t.check("an unknown page still redirects home", other.status === 302 && other.location === "/", `${other.status} ${other.location}`);
    t.done();
  });

  test("With METRICS_TOKEN, /metrics answers 401 to anyone without the token, signed in or not, and the metrics to its bearer", async (context) => {
    const t = tally(context, "Exposure");
    const token = tokenServer.metricsToken!;
    const refusals: [string, Record<string, string>][] = [
      ["no Authorization", {}],
      ["a wrong token", { Authorization: `Bearer ${token.slice(0, -1)}0x` }],
      ["the token as Basic", { Authorization: `Basic ${token}` }],
      ["the staff admin's session", { Cookie: world!.actors.staff.cookie! }],
      ["a client's session", { Cookie: world!.actors["client A"].cookie! }],
    ];
    for (const [who, headers] of refusals) {
      const reply = await send(tokenServer.url, "/metrics", { headers });
      t.check(`${who}: 401`, reply.status === 401, String(reply.status));
      t.check(`${who}: no metric in the answer`, !reply.body.includes("agency_"), reply.body.slice(0, 120));
    }
    // A rendered page, the same page from the HTML cache, a static file: then the scrape.
    await send(tokenServer.url, "/services?ref=metrics");
    await send(tokenServer.url, "/services");
    await send(tokenServer.url, "/services");
    await send(tokenServer.url, "/favicon.svg");
    const reply = await send(tokenServer.url, "/metrics", { headers: { Authorization: `Bearer ${token}` } });
    t.check("the bearer gets 200", reply.status === 200, String(reply.status));
    t.check("in Prometheus text format", /^text\/plain; version=0\.0\.4/.test(String(reply.headers["content-type"])));
    t.check("never stored", reply.headers["cache-control"] === "no-store");
    const histogram = "agency_http_request_duration_seconds_count";
    const services = sampleValue(reply.body, histogram, { route: "routes/marketing/services", method: "GET", status: "200" }) ?? 0;
    t.check("the page's requests are counted under its route id", services >= 3, String(services));
    t.check("static files under one label", (sampleValue(reply.body, histogram, { route: "static" }) ?? 0) >= 1);
    const routes = new Set(samples(reply.body).flatMap((s) => (s.name === histogram ? [s.labels.route!] : [])));
    t.check(
      "no path is a label",
      [...routes].every((r) => r === "static" || r.startsWith("routes/")),
      [...routes].join(", "),
    );
    for (const name of [
      "agency_db_query_duration_seconds_count",
      "agency_mail_outbox_pending_messages",
      "agency_mail_outbox_oldest_pending_age_seconds",
      "agency_live_update_streams_open",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      const value = sampleValue(reply.body, name);
      t.check(`${name} is reported`, value !== undefined && !Number.isNaN(value), String(value));
    }
    t.done();
  });

  test("METRICS_PORT serves the metrics without a token on loopback only, and the site's port does not", async (context) => {
    const t = tally(context, "Exposure");
    const base = `http://127.0.0.1:${metricsPort}`;
    const reply = await send(base, "/metrics");
    t.check("GET /metrics on the loopback port: 200", reply.status === 200, String(reply.status));
    t.check("it holds the request histogram", reply.body.includes("# TYPE agency_http_request_duration_seconds histogram"));
    t.check("any other path there: 404", (await send(base, "/")).status === 404);
    t.check("POST there: 405", (await send(base, "/metrics", { method: "POST" })).status === 405);
    const site = await send(portServer.url, "/metrics", { headers: { Authorization: "Bearer anything-at-all-0123456789abcdef" } });
    t.check("the site's own port answers /metrics with 404", site.status === 404, String(site.status));
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === "IPv4")?.address;
    if (external) t.check(`nothing listens on ${external}:${metricsPort}`, !(await accepts(external, metricsPort)));
    else console.warn("[security] no non-loopback IPv4 address here: the port's loopback-only binding is not probed.");
    t.done();
  });
});

describe("Logs", () => {
  test("Every answer carries an X-Request-Id of its own", async (context) => {
    const t = tally(context, "Logs");
    const probes = ["/services", "/services", "/favicon.svg", "/login", "/dashboard", "/api/auth/no-such-endpoint", "/metrics", "/healthz"];
    const ids: string[] = [];
    for (const path of probes) {
      const id = requestId(await send(tokenServer.url, path));
      t.check(`${path}: a UUID`, UUID.test(id), id);
      ids.push(id);
    }
    t.check("all different", new Set(ids).size === ids.length, ids.join(" "));
    t.done();
  });

  test("A trusted proxy's X-Request-Id is kept; anyone else's is replaced", async (context) => {
    const t = tally(context, "Logs");
    const offered = "proxy-7f3a9c2e41b8";
    const kept = requestId(await send(portServer.url, "/login", { headers: { "X-Request-Id": offered } }));
    t.check("from TRUSTED_PROXIES: kept", kept === offered, kept);
    const replaced = requestId(await send(tokenServer.url, "/login", { headers: { "X-Request-Id": offered } }));
    t.check("from a client: replaced by a UUID", UUID.test(replaced), replaced);
    const insane = requestId(await send(portServer.url, "/login", { headers: { "X-Request-Id": "a b\tc" } }));
    t.check("from the proxy but malformed: replaced", UUID.test(insane), insane);
    t.done();
  });

  test("Log lines written while answering a request carry its id", async (context) => {
    const t = tally(context, "Logs");
    const { next } = readLogLines(portServer);
    // The first readiness check of a fresh server logs "ready" from inside the request.
    const reply = await send(portServer.url, "/readyz", { headers: { "X-Request-Id": "trace-readyz-1" } });
    t.check("/readyz answered", reply.status === 200, String(reply.status));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = readLogLines(portServer, next).lines;
    const ready = lines.find((line) => line.msg === "ready");
    t.check("the readiness line names the request", ready?.requestId === "trace-readyz-1", JSON.stringify(ready));
    const request = lines.find((line) => line.msg === "request" && line.url === "/readyz");
    t.check("so does the request line", request?.requestId === "trace-readyz-1", JSON.stringify(request));
    const outside = readLogLines(portServer).lines.find((line) => line.msg === "app started");
    t.check("a line outside any request has none", outside !== undefined && outside.requestId === undefined, JSON.stringify(outside));
    t.done();
  });
});
