import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import * as careersRoute from "~/routes/marketing/careers";
import * as homeRoute from "~/routes/marketing/home";
import * as openingRoute from "~/routes/marketing/opening";
import { startContentWatcher } from "~/server/events/content-watcher.server";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { cacheKeyFor, cacheKeyOfRequest, createHtmlCache, etagMatches, type HtmlCache } from "~/server/http/html-cache.server";
import { chooseEncoding } from "~/server/http/send-document.server";
import { createOpening, setOpeningStatus } from "~/server/models/pipeline/openings.server";
import { hashOwnScripts } from "~/server/http/script-hashes.server";
import { createNonce, documentCsp, hashedDocumentCsp } from "~/server/http/security-headers.server";
import { getSessionUser } from "~/server/auth/session.server";
import { createTestimonial, setTestimonialVisibility } from "~/server/models/pipeline/testimonials.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { rawRequest, serveOnLoopback, type RawReply as Reply, type TestHttpServer } from "../helpers/http";
import { signUp } from "../helpers/accounts";
import { refusedScripts, scriptSources } from "../helpers/csp";

// The HTML cache of decision 0011 in front of a small app that renders the real loaders' data
// (the real React render is covered by e2e/html-cache.spec.ts against the built server).

const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

test("Only exact public paths, fetched without a session cookie by GET or HEAD, have a cache key", () => {
  for (const path of [
    "/",
    "/services",
    "/service/web-development",
    "/cases",
    "/careers",
    "/careers/abc-123",
    "/about",
    "/terms",
    "/privacy",
  ]) {
    expect(cacheKeyFor(req(path)), path).toBe(path);
    expect(cacheKeyFor(req(path, {}, "HEAD")), path).toBe(path);
  }
  const refused = [
    req("/quote"),
    req("/login"),
    req("/dashboard"),
    req("/user-dashboard"),
    req("/employee-dashboard"),
    req("/apply/abc"),
    req("/careers.data"),
    req("/_root.data"),
    req("/events/careers"),
    req("/?notice=registered"),
    req("/careers?x=1"),
    req("/careers/"),
    req("/Careers"),
    req("/careers/a/b"),
    req("/careers/%2e%2e"),
    req("/service/../login"),
    req("//"),
    req("/", {}, "POST"),
    req("/", {}, "OPTIONS"),
    req("/", { cookie: "agency.session_token=abc.def" }),
    req("/", { cookie: "theme=dark; __Secure-agency.session_token=abc" }),
    req("/", { cookie: "other.session_token=1" }),
    req("/", { authorization: "Bearer x" }),
  ];
  for (const r of refused) expect(cacheKeyFor(r), `${r.method} ${r.url} ${JSON.stringify(r.headers)}`).toBeNull();
  // Cookies that are not a session (a preference, analytics) do not make a visitor personal.
  expect(cacheKeyFor(req("/", { cookie: "agency_home_dashboard=1; _ga=GA1.1" }))).toBe("/");
});

test("The render decides by the same rules: a Fetch request has the key its node:http request has", () => {
  const fetchRequest = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Request(`http://127.0.0.1${path}`, { method, headers });
  expect(cacheKeyOfRequest(fetchRequest("/careers"))).toBe("/careers");
  expect(cacheKeyOfRequest(fetchRequest("/", { cookie: "_ga=1" }))).toBe("/");
  expect(cacheKeyOfRequest(fetchRequest("/careers?x=1"))).toBeNull();
  expect(cacheKeyOfRequest(fetchRequest("/quote"))).toBeNull();
  expect(cacheKeyOfRequest(fetchRequest("/", { cookie: "agency.session_token=a" }))).toBeNull();
  expect(cacheKeyOfRequest(fetchRequest("/", { authorization: "Bearer x" }))).toBeNull();
  expect(cacheKeyOfRequest(fetchRequest("/", {}, "POST"))).toBeNull();
});

test("Accept-Encoding picks brotli, then gzip, honouring q=0", () => {
  expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
  expect(chooseEncoding("gzip, deflate")).toBe("gzip");
  expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
  expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
  expect(chooseEncoding("*")).toBe("br");
  expect(chooseEncoding("*, br;q=0")).toBe("gzip");
  expect(chooseEncoding("identity")).toBe("identity");
  expect(chooseEncoding(undefined)).toBe("identity");
});

test("If-None-Match compares entity tags weakly", () => {
  expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches("*", 'W/"abc"')).toBe(true);
  expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
});

// ---------------------------------------------------------------------------------------------

function unwrap(value: unknown): { status: number; data: Record<string, unknown> } {
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const v = value as { init?: { status?: number } | null; data: Record<string, unknown> };
    return { status: v.init?.status ?? 200, data: v.data };
  }
  return { status: 200, data: value as Record<string, unknown> };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

describe.each(testDatabases("html cache"))("HTML cache on $name", (database) => {
  let cleanup: () => Promise<void>;
  let server: TestHttpServer;
  let cache: HtmlCache;
  let unsubscribe: () => void;
  let renders = 0;
  let clock = Date.now();

  /**
   * A stand-in for React Router: the real loaders, and the CSP of entry.server.tsx (the inline
   * script by hash on a page that may be stored, by a per-render nonce on any other).
   */
  async function app(request: Request): Promise<Response> {
    renders++;
    const url = new URL(request.url);
    const args = { request, params: {} as Record<string, string>, context: { clientIp: "203.0.113.5" } } as never;
    const user = await getSessionUser(request);
    const nonce = createNonce();
    let status = 200;
    let main: string;
    if (url.pathname === "/") {
      const { data } = unwrap(await homeRoute.loader(args));
      const testimonials = data.testimonials as { review: string }[];
      main = `<h1>Home</h1><ul>${testimonials.map((t) => `<li>${esc(t.review)}</li>`).join("")}</ul>`;
    } else if (url.pathname === "/careers") {
      const { data } = unwrap(await careersRoute.loader());
      main = `<h1>Careers</h1><ul>${(data.openings as { title: string }[]).map((o) => `<li>${esc(o.title)}</li>`).join("")}</ul>`;
    } else if (url.pathname.startsWith("/careers/")) {
      const id = url.pathname.slice("/careers/".length);
      const result = unwrap(await openingRoute.loader({ ...(args as object), params: { id } } as never));
      status = result.status;
      const opening = result.data.opening as { title: string } | null;
      main = opening
        ? `<h1>${esc(opening.title)}</h1>`
        : `<h1>${result.data.state === "closed" ? "This position is closed." : "Not found"}</h1>`;
    } else {
      status = 404;
      main = "<h1>Page not found</h1>";
    }
    const nav = user ? "Dashboard" : "Login / Register";
    const rendered = `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><nav>${nav}</nav><main>${main}</main></body></html>`;
    const hashed = cacheKeyOfRequest(request) === null ? null : hashOwnScripts(rendered, nonce);
    return new Response(request.method === "HEAD" ? null : (hashed?.html ?? rendered), {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": hashed === null ? documentCsp(nonce) : hashedDocumentCsp(hashed.hashes),
      },
    });
  }

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    cache = createHtmlCache({ now: () => clock, commonHeaders: { "X-Content-Type-Options": "nosniff" } });
    unsubscribe = cache.subscribe(events());
    // The order of server.ts: the cache first, then the app (which may fill it).
    server = await serveOnLoopback((nodeReq, res) => {
      if (cache.serve(nodeReq, res)) return;
      res.setHeader("X-Content-Type-Options", "nosniff");
      const key = cache.keyFor(nodeReq);
      const token = cache.begin();
      const headers = new Headers();
      for (const [name, value] of Object.entries(nodeReq.headers)) if (typeof value === "string") headers.set(name, value);
      void app(new Request(`http://localhost${nodeReq.url}`, { method: nodeReq.method, headers })).then(async (response) => {
        if (key !== null && (await cache.sendRendered(nodeReq, res, key, token, response))) return;
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  afterAll(async () => {
    unsubscribe();
    await server.close();
    await cleanup();
  });
  afterEach(() => cache.invalidate());

  function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
    return rawRequest(`${server.url}${path}`, { method, headers });
  }

  /** A request that fills the cache, then waits until the page is stored (compressed). */
  async function fill(path: string) {
    const first = await get(path);
    await cache.settled();
    return first;
  }

  const cspOf = (reply: Reply) => String(reply.headers["content-security-policy"]);

  test("An anonymous page is rendered once, then served from memory as the same bytes to everyone, its inline script named by hash", async () => {
    const before = renders;
    const first = await fill("/");
    expect(first.status).toBe(200);
    expect(renders).toBe(before + 1);
    // The first visitor's copy already has the stored page's policy: no nonce anywhere.
    expect(scriptSources(cspOf(first))).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(first.text).not.toMatch(/nonce/);
    expect(refusedScripts(first.text, cspOf(first))).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const again = await get("/");
      expect(again.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(cspOf(again)).toBe(cspOf(first));
      expect(again.headers.age).toBeDefined();
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers.vary).toBe("Accept-Encoding, Cookie");
      expect(again.headers["cache-control"]).toBe("no-cache");
      expect(again.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(renders).toBe(before + 1);
  });

  test("A matching If-None-Match gets 304; HEAD gets the headers without a body", async () => {
    const first = await fill("/careers");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const notModified = await get("/careers", { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    // No CSP on 304: the browser keeps the one that came with its copy (the tag names both).
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect((await get("/careers", { "If-None-Match": 'W/"other"' })).status).toBe(200);

    const head = await get("/careers", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.headers.etag).toBe(etag);
  });

  test("Brotli, gzip and identity copies, compressed once when stored, decode to the same page under the same policy", async () => {
    const first = await fill("/");
    const br = await get("/", { "Accept-Encoding": "gzip, deflate, br" });
    const gz = await get("/", { "Accept-Encoding": "gzip" });
    const plain = await get("/", { "Accept-Encoding": "identity" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(first.text);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(first.text);
    expect(plain.text).toBe(first.text);
    for (const reply of [br, gz, plain]) {
      expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
      expect(cspOf(reply)).toBe(cspOf(first));
    }
    // Each is the same bytes every time: made once, not per response.
    expect((await get("/", { "Accept-Encoding": "br" })).body.equals(br.body)).toBe(true);
  });

  test("A page whose CSP names a nonce is never stored: every visitor would share it", async () => {
    const nonce = createNonce();
    const html = `<script nonce="${nonce}">1</script>`;
    const response = new Response(html, { headers: { "Content-Type": "text/html", "Content-Security-Policy": documentCsp(nonce) } });
    cache.store("/about", cache.begin(), response, Buffer.from(html));
    await cache.settled();
    expect(cache.size).toBe(0);
  });

  test("A signed-in visitor never receives the anonymous page, and their page is never stored", async () => {
    const client = await signUp(`cache-${Date.now()}@example.com`, "Cache Client");
    const anonymous = await fill("/");
    expect(anonymous.text).toContain("<nav>Login / Register</nav>");

    for (let i = 0; i < 2; i++) {
      const signedIn = await get("/", { Cookie: client.cookie });
      expect(signedIn.text).toContain("<nav>Dashboard</nav>");
      expect(signedIn.text).not.toContain("Login / Register");
      expect(signedIn.headers.etag).toBeUndefined();
      // Rendered for them alone: its own nonce, as any page not stored.
      expect(cspOf(signedIn)).toMatch(/'nonce-/);
    }
    await cache.settled();
    const after = await get("/");
    expect(after.text).toBe(anonymous.text);
  });

  test("A testimonial added or hidden through its module shows on the next request", async () => {
    await fill("/");
    const added = await createTestimonial(null, { review: `Cache review ${Date.now()}`, name: "Ravi", category: "Web" });
    const next = await get("/");
    expect(next.text).toContain(esc(added.review));
    await cache.settled();

    await setTestimonialVisibility(null, added.id, false);
    const hidden = await get("/");
    expect(hidden.text).not.toContain(esc(added.review));
  });

  test("An opening added shows on the next /careers; once closed, its page is 410 at once and never served stale", async () => {
    await fill("/careers");
    const opening = await createOpening(null, {
      title: `Cache Engineer ${Date.now()}`,
      location: "Pune",
      type: "Full-time",
      description: "Keeps pages fresh.",
      salary: "₹1 LPA",
      requirements: ["Care"],
    });
    expect((await get("/careers")).text).toContain(opening.title);
    await cache.settled();

    const page = await fill(`/careers/${opening.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>${opening.title}</h1>`);
    expect((await get(`/careers/${opening.id}`)).text).toBe(page.text);

    await setOpeningStatus(null, opening.id, "closed");
    for (let i = 0; i < 3; i++) {
      const closed = await get(`/careers/${opening.id}`);
      expect(closed.status).toBe(410);
      expect(closed.text).toContain("This position is closed.");
      expect(closed.headers.etag).toBeUndefined();
    }
    expect((await get("/careers")).text).not.toContain(opening.title);
  });

  test("A change written to the database by someone else reaches the cache through the content watcher", async () => {
    await fill("/careers");
    const watcher = startContentWatcher(50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const title = `Outside Writer ${Date.now()}`;
      const now = Date.now();
      await sql`insert into job_openings (id, title, location, type, description, salary, requirements, status, created_at, updated_at)
        values (${`ext-${now}`}, ${title}, 'Remote', 'Contract', 'Written by SQL.', '-', '[]', 'open', ${now}, ${now})`.execute(db());
      await expect.poll(async () => (await get("/careers")).text, { timeout: 3_000, interval: 50 }).toContain(title);
    } finally {
      watcher.stop();
    }
  });

  test("Query strings, POSTs and error pages always reach the app; error pages are not stored", async () => {
    await fill("/");
    let before = renders;
    await get("/?notice=registered");
    await get("/?utm_source=x");
    await get("/", {}, "POST");
    expect(renders).toBe(before + 3);

    before = renders;
    for (let i = 0; i < 2; i++) expect((await get("/careers/no-such-opening")).status).toBe(404);
    await cache.settled();
    expect((await get("/careers/no-such-opening")).status).toBe(404);
    expect(renders).toBe(before + 3);
  });

  test("Entries expire after the TTL", async () => {
    await fill("/");
    const before = renders;
    await get("/");
    expect(renders).toBe(before);
    clock += 60_000;
    await get("/");
    expect(renders).toBe(before + 1);
  });

  test("A page rendered before a change is not stored after it", async () => {
    const token = cache.begin();
    const response = new Response("<p>old</p>", { headers: { "Content-Type": "text/html" } });
    events().publish({ type: "testimonial.changed", id: "x" });
    cache.store("/", token, response, Buffer.from("<p>old</p>"));
    await cache.settled();
    expect(cache.size).toBe(0);
  });

  test("Only 200 text/html documents for GET without cookies set or private caching are accepted", () => {
    const html = (init: ResponseInit = {}) =>
      new Response("<p>x</p>", { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });
    expect(cache.accepts("GET", html())).toBe(true);
    expect(cache.accepts("HEAD", html())).toBe(false);
    expect(cache.accepts("POST", html())).toBe(false);
    expect(cache.accepts("GET", html({ status: 404 }))).toBe(false);
    expect(cache.accepts("GET", html({ status: 500 }))).toBe(false);
    expect(cache.accepts("GET", new Response(null, { status: 302, headers: { Location: "/x" } }))).toBe(false);
    expect(cache.accepts("GET", html({ headers: { "Set-Cookie": "a=b" } }))).toBe(false);
    expect(cache.accepts("GET", html({ headers: { "Cache-Control": "private, no-store" } }))).toBe(false);
    expect(cache.accepts("GET", new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
  });
});
