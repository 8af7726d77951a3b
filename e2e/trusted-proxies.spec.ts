import http from "node:http";
import { expect, test } from "@playwright/test";
import { openDatabase, startIsolatedServer, uniqueId, type IsolatedServer } from "./helpers";

// TRUSTED_PROXIES against the built server. The spec plays the reverse proxy:
// its requests come from 127.0.0.1 and carry the headers docs/deploy.md's nginx sets. Plain
// node:http, so that Host and X-Forwarded-* go out exactly as written.

test.describe.configure({ mode: "default" });

const PUBLIC = "https://app.example.test";
const PASSWORD = "correct-horse-battery-staple";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
}

function send(
  server: IsolatedServer,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string>,
  form?: Record<string, string>,
) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const { port } = new URL(server.baseURL);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method,
        headers: body ? { ...headers, "Content-Type": "application/x-www-form-urlencoded" } : headers,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** What nginx in docs/deploy.md sends for a browser on https://app.example.test at `clientIp`. */
function viaTlsProxy(clientIp: string): Record<string, string> {
  return {
    Host: "app.example.test",
    "X-Forwarded-For": clientIp,
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "app.example.test",
    Origin: PUBLIC,
  };
}

function sessionIpOf(server: IsolatedServer, email: string): string | undefined {
  const db = openDatabase(server.databaseFile);
  try {
    const row = db.prepare("select s.ip_address as ip from sessions s join users u on u.id = s.user_id where u.email = ?").get(email) as
      { ip: string } | undefined;
    return row?.ip;
  } finally {
    db.close();
  }
}

test.describe("Behind a trusted TLS-terminating proxy", () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer({ env: { APP_URL: PUBLIC, TRUSTED_PROXIES: "loopback" } });
  });
  test.afterAll(async () => server?.stop());

  test("A client registers with a plain form post: the origin check passes, the cookie is Secure, HSTS is sent, the redirect stays on https and the session records the forwarded IP", async () => {
    const page = await send(server, "GET", "/login", viaTlsProxy("198.51.100.10"));
    expect(page.status).toBe(200);
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    const email = `proxy-${uniqueId()}@example.com`;
    const posted = await send(server, "POST", "/login", viaTlsProxy("198.51.100.10"), { intent: "register", email, password: PASSWORD });
    expect(posted.status).toBe(302);
    const location = new URL(String(posted.headers.location), PUBLIC);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC}/user-dashboard`);
    const cookie = (posted.headers["set-cookie"] ?? []).find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/^__Secure-agency\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionIpOf(server, email)).toBe("198.51.100.10");
  });

  test("The same post without X-Forwarded-Proto is refused as cross-site", async () => {
    const headers = viaTlsProxy("198.51.100.11");
    delete headers["X-Forwarded-Proto"];
    const email = `no-proto-${uniqueId()}@example.com`;
    const posted = await send(server, "POST", "/login", headers, { intent: "register", email, password: PASSWORD });
    // The app's origin check (every route, before React Router's own) answers 403.
    expect(posted.status).toBe(403);
    expect(sessionIpOf(server, email)).toBeUndefined();
  });

  test("Failed sign-ins count against the forwarded client IP: a forged X-Forwarded-For entry does not escape the limit, another client is not blocked", async () => {
    const attempt = (forwardedFor: string) =>
      send(
        server,
        "POST",
        "/login",
        { ...viaTlsProxy(""), "X-Forwarded-For": forwardedFor },
        { intent: "login", email: `nobody-${uniqueId()}@example.com`, password: "wrong-password" },
      );
    // LOGIN_ATTEMPTS_PER_IP is 30 in 15 minutes; every attempt names another account and forges another first hop.
    for (let i = 0; i < 30; i++) expect((await attempt(`203.0.113.${i}, 198.51.100.20`)).status).toBe(400);
    expect((await attempt("203.0.113.200, 198.51.100.20")).status).toBe(429);
    expect((await attempt("198.51.100.21")).status).toBe(400);
  });
});

test.describe("Without TRUSTED_PROXIES", () => {
  let server: IsolatedServer;
  test.beforeAll(async () => {
    server = await startIsolatedServer();
  });
  test.afterAll(async () => server?.stop());

  test("X-Forwarded-For is ignored: the session records the peer's address", async () => {
    const email = `direct-${uniqueId()}@example.com`;
    const { host } = new URL(server.baseURL);
    const headers = { Host: host, Origin: server.baseURL, "X-Forwarded-For": "198.51.100.30" };
    const posted = await send(server, "POST", "/login", headers, { intent: "register", email, password: PASSWORD });
    expect(posted.status).toBe(302);
    expect(sessionIpOf(server, email)).toBe("127.0.0.1");
  });

  test("X-Forwarded-Proto and -Host are ignored: a post claiming to come through https for another host is refused", async () => {
    const email = `spoofed-${uniqueId()}@example.com`;
    const posted = await send(server, "POST", "/login", viaTlsProxy("198.51.100.31"), { intent: "register", email, password: PASSWORD });
    expect(posted.status).toBe(403);
    expect(sessionIpOf(server, email)).toBeUndefined();
  });
});
