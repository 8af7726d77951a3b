import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import https from "node:https";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

// deploy/nginx.conf and deploy/Caddyfile running for real, on loopback, in front of a stand-in for
// the app: only what must change to run here is changed (addresses, ports, certificates; Caddy's
// own CA instead of ACME). A live update must come through at once, a body over the general limit
// is stopped while the same body reaches the upload route whole, and a client's X-Forwarded-For
// is replaced. Skipped with a notice where nginx or Caddy is not installed.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const root = path.resolve(import.meta.dirname, "../..");
const MiB = 1024 * 1024;
/** Over 128 MiB (every route but the upload), far under 2 GiB (the upload route). */
const BIG = 130 * MiB;

interface Seen {
  bytes: number;
  forwardedFor: string | undefined;
  forwardedProto: string | undefined;
}

/** The app's stand-in: an event stream that sends one event and stays open, /readyz, and a body counter. */
async function startUpstream(): Promise<{ port: number; server: http.Server; completed: Map<string, number> }> {
  /** Bodies that arrived whole, by path: their size. */
  const completed = new Map<string, number>();
  const server = http.createServer((req, res) => {
    if (req.url === "/readyz") return void res.end("ok");
    if (req.url === "/events/test") {
      // No X-Accel-Buffering header here: the proxy's own settings must let the event through.
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write("data: first\n\n");
      return;
    }
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("error", () => {});
    req.on("end", () => {
      completed.set(req.url ?? "", bytes);
      const seen: Seen = {
        bytes,
        forwardedFor: req.headers["x-forwarded-for"] as string | undefined,
        forwardedProto: req.headers["x-forwarded-proto"] as string | undefined,
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(seen));
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server, completed };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const agent = new https.Agent({ rejectUnauthorized: false, servername: "www.example.com" });

/** A request through the proxy; resolves with the status and the body as text. */
function send(port: number, options: { method?: string; path: string; bytes?: number; headers?: Record<string, string> }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: options.method ?? "GET",
        path: options.path,
        headers: { Host: "www.example.com", ...(options.bytes ? { "Content-Length": String(options.bytes) } : {}), ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    const chunk = Buffer.alloc(MiB);
    let left = options.bytes ?? 0;
    const pump = () => {
      while (left > 0 && !request.destroyed) {
        const piece = left >= MiB ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** Milliseconds until the first event of /events/test arrives through the proxy (rejects after 5 s). */
function firstEvent(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = https.get(
      { host: "127.0.0.1", port, agent, path: "/events/test", headers: { Host: "www.example.com" } },
      (response) => {
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (chunk.includes("data: first")) {
            resolve(performance.now() - started);
            request.destroy();
          }
        });
      },
    );
    request.on("error", () => {});
    setTimeout(() => {
      request.destroy();
      reject(new Error("no event within 5 s: the proxy held it back"));
    }, 5_000);
  });
}

async function waitForTls(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await send(port, { path: "/readyz" });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the proxy did not answer on ${port}`);
}

/** SIGTERM, then SIGKILL if the proxy is still there 15 s later. */
function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

const installed = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const proxies = [
  { name: "nginx", installed: installed("nginx", ["-v"]) },
  { name: "Caddy", installed: installed("caddy", ["version"]) },
];
for (const proxy of proxies)
  if (!proxy.installed) console.warn(`[proxy-examples-live] ${proxy.name} is not installed: its live run is skipped.`);

/** deploy/nginx.conf on loopback ports, with a self-signed certificate and nginx's files in `dir`. */
function runNginx(dir: string, upstream: number, tls: number, plain: number): ChildProcess {
  spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=www.example.com",
      "-days",
      "1",
      "-keyout",
      `${dir}/privkey.pem`,
      "-out",
      `${dir}/fullchain.pem`,
    ],
    { stdio: "ignore" },
  );
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replaceAll("/etc/letsencrypt/live/www.example.com", dir)
    .replace(/server 10\.0\.1\.11:3000/, `server 127.0.0.1:${upstream}`)
    .replace(/\n\s*server 10\.0\.1\.12:3000[^\n]*/, "")
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${tls} ssl http2;`)
    .replace("listen 80;", `listen 127.0.0.1:${plain};`)
    .replace(/\n\s*listen \[::\]:\d+[^\n]*/g, "");
  writeFileSync(`${dir}/agency.conf`, site);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(`${dir}/${sub}`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
    (name, i) => `${name}_temp_path ${dir}/${["body", "proxy", "fastcgi", "uwsgi", "scgi"][i]};`,
  );
  writeFileSync(
    `${dir}/nginx.conf`,
    `user root; worker_processes 1; error_log ${dir}/error.log; pid ${dir}/nginx.pid;\nevents {}\nhttp { access_log off; ${temp.join(" ")} include ${dir}/agency.conf; }\n`,
  );
  return spawn("nginx", ["-p", dir, "-c", `${dir}/nginx.conf`, "-g", "daemon off;"], { stdio: "ignore" });
}

/** deploy/Caddyfile on loopback ports, certificates from Caddy's own CA (no ACME, no trust store). */
function runCaddy(dir: string, upstream: number, tls: number, plain: number): ChildProcess {
  const config = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8")
    .replace(
      /\temail [^\n]*\n/,
      `\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\tdefault_bind 127.0.0.1\n\thttp_port ${plain}\n\thttps_port ${tls}\n\tstorage file_system ${dir}/data\n`,
    )
    .replace("10.0.1.11:3000 10.0.1.12:3000", `127.0.0.1:${upstream}`);
  writeFileSync(`${dir}/Caddyfile`, config);
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: `${dir}/data`, XDG_CONFIG_HOME: `${dir}/config` };
  return spawn("caddy", ["run", "--config", `${dir}/Caddyfile`, "--adapter", "caddyfile"], { stdio: "ignore", env });
}

describe.each(proxies)("deploy/ example for $name, running", ({ name, installed: present }) => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let child: ChildProcess | undefined;
  let port = 0;
  let dir = "";

  beforeAll(async () => {
    if (!present) return;
    upstream = await startUpstream();
    dir = mkdtempSync(path.join(tmpdir(), "proxy-live-"));
    const [tls, plain] = [await freePort(), await freePort()];
    child = (name === "nginx" ? runNginx : runCaddy)(dir, upstream.port, tls, plain);
    port = tls;
    await waitForTls(port);
  });
  afterAll(async () => {
    // The event stream never ends by itself: end it first, so the proxy has nothing to wait for.
    upstream?.server.closeAllConnections();
    await stop(child);
    if (upstream) await new Promise((resolve) => upstream.server.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test.skipIf(!present)("A live update's first event comes through at once", async () => {
    expect(await firstEvent(port)).toBeLessThan(2_000);
  });

  test.skipIf(!present)("A 130 MiB upload reaches the app whole on the Files-tab route", async () => {
    const answer = await send(port, { method: "POST", path: "/projects/p_8f3a2c/files/upload", bytes: BIG });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as Seen).bytes).toBe(BIG);
  });

  // nginx answers 413; Caddy 2.6 (Debian 12) cuts the body off and answers 502, later Caddy 413.
  test.skipIf(!present)("The same body on any other route is stopped by the proxy", async () => {
    const answer = await send(port, { method: "POST", path: "/user-dashboard/support", bytes: BIG }).catch(() => ({ status: 0, body: "" }));
    expect([0, 413, 502], `status ${answer.status}`).toContain(answer.status);
    expect(upstream.completed.get("/user-dashboard/support")).toBeUndefined();
  });

  test.skipIf(!present)("A client's own X-Forwarded-For is replaced by the address the proxy saw", async () => {
    const answer = await send(port, { method: "POST", path: "/quote", bytes: 10, headers: { "X-Forwarded-For": "198.51.100.66" } });
    const seen = JSON.parse(answer.body) as Seen;
    expect(seen.forwardedFor).toBe("127.0.0.1");
    expect(seen.forwardedProto).toBe("https");
  });
});
