import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import type Database from "better-sqlite3";
import { demoTestimonials } from "../app/content/testimonials";
import { refusedScripts, scriptSources } from "../tests/helpers/csp";
import { rawRequest, type RawReply as Reply } from "../tests/helpers/http";
import { createSignedInUser } from "./fixtures";
import { insertOpening, openDatabase, setOpeningStatus, startIsolatedServer, type IsolatedServer } from "./helpers";

// The HTML cache for anonymous visitors (decision 0011) on the real built server. It runs on its
// own instance: hiding a testimonial or counting renders must not race the other specs.
// Rows are written straight into the database; the content watcher publishes the change on the
// bus, which drops the cached pages *before* the live streams forward it, so a request made after
// a stream event must already see the change.

test.describe.configure({ mode: "serial" });

let server: IsolatedServer;
let db: Database.Database;

test.beforeAll(async () => {
  server = await startIsolatedServer();
  db = openDatabase(server.databaseFile);
});
test.afterAll(async () => {
  db?.close();
  await server?.stop();
});

function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return rawRequest(`${server.baseURL}${path}`, { method, headers });
}

function decoded(reply: Reply): string {
  const coding = reply.headers["content-encoding"];
  if (coding === "br") return zlib.brotliDecompressSync(reply.body).toString("utf8");
  if (coding === "gzip") return zlib.gunzipSync(reply.body).toString("utf8");
  return reply.body.toString("utf8");
}

const cspOf = (reply: Reply) => String(reply.headers["content-security-policy"]);
const cspNonce = (reply: Reply) => /'nonce-([^']+)'/.exec(cspOf(reply))?.[1];

/** GETs a page until it is answered from the cache (its Age header); returns that copy. */
async function cached(path: string, headers: Record<string, string> = {}): Promise<Reply> {
  for (let i = 0; i < 50; i++) {
    const next = await raw(path, headers);
    if (next.status === 200 && next.headers.age !== undefined && next.headers.etag) return next;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was never answered from the cache`);
}

/** Opens a server-sent events stream; `next(name)` resolves on the next event of that name. */
async function eventStream(path: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.baseURL}${path}`, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(name: string, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = buffer.indexOf(`event: ${name}\n`);
        if (index >= 0) {
          buffer = buffer.slice(index + name.length + 8);
          return;
        }
        if (Date.now() > deadline) throw new Error(`no "${name}" event on ${path} within ${timeoutMs} ms`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`${path} closed`);
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

test("A public page is rendered once for anonymous visitors, then served from memory as the same bytes, its scripts named by hash: brotli, gzip, ETag/304, HEAD", async () => {
  for (const path of ["/", "/services", "/careers", "/service/web-development", "/about"]) {
    const stored = await cached(path, { "Accept-Encoding": "br" });
    expect(stored.headers["content-type"], path).toBe("text/html; charset=utf-8");
    // The same bytes for everyone, so brotli too, made once (decision 0112).
    expect(stored.headers["content-encoding"], path).toBe("br");
    const html = decoded(stored);
    // No nonce to share: the policy names each inline script (and the module script the boot
    // script adds) by its hash, and nothing else runs.
    expect(cspNonce(stored), path).toBeUndefined();
    expect(html, path).not.toMatch(/\snonce="/);
    expect(
      scriptSources(cspOf(stored))
        .slice(1)
        .every((s) => s.startsWith("'sha256-")),
      path,
    ).toBe(true);
    expect(refusedScripts(html, cspOf(stored)), path).toEqual([]);
    for (const [name, value] of Object.entries({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      vary: "Accept-Encoding, Cookie",
      "cache-control": "no-cache",
    })) {
      expect(stored.headers[name], `${path} ${name}`).toBe(value);
    }
    expect(String(stored.headers["content-security-policy"])).toContain("frame-ancestors 'none'");

    const gz = await raw(path, { "Accept-Encoding": "gzip, deflate" });
    const plain = await raw(path);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(decoded(gz)).toBe(html);
    expect(decoded(plain)).toBe(html);
    expect([cspOf(gz), cspOf(plain)]).toEqual([cspOf(stored), cspOf(stored)]);
    expect((await raw(path, { "Accept-Encoding": "br" })).body.equals(stored.body), path).toBe(true);
    expect([gz.headers.etag, plain.headers.etag]).toEqual([stored.headers.etag, stored.headers.etag]);

    const notModified = await raw(path, { "If-None-Match": String(stored.headers.etag), "Accept-Encoding": "br" });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);

    const head = await raw(path, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(stored.body.length));
  }
});

test("A signed-in visitor never receives the anonymous page (the nav differs)", async () => {
  const { cookie } = await createSignedInUser({ role: "client", databaseFile: server.databaseFile });

  for (const path of ["/", "/careers", "/services"]) {
    const anonymous = await cached(path);
    expect(decoded(anonymous)).toContain("Login / Register");
    for (let i = 0; i < 2; i++) {
      const signedIn = await raw(path, { Cookie: cookie });
      const html = decoded(signedIn);
      expect(signedIn.status, path).toBe(200);
      expect(html, path).toContain(">Dashboard<");
      expect(html, path).not.toContain("Login / Register");
      // Rendered for them alone: a nonce of its own.
      expect(cspNonce(signedIn), path).toBeDefined();
    }
    // …and what was rendered for them was not stored for others.
    const after = await raw(path);
    expect(after.headers.age, path).toBeDefined();
    expect(after.headers.etag).toBe(anonymous.headers.etag);
    expect(decoded(after)).toBe(decoded(anonymous));
  }
});

test("A new opening shows on the next /careers; a closed opening's page is 410 right after the change, never the cached page", async () => {
  const stream = await eventStream("/events/careers");
  try {
    await cached("/careers");
    const opening = insertOpening(db);
    await stream.next("openings");
    expect(decoded(await raw("/careers"))).toContain(opening.title);

    const page = await cached(`/careers/${opening.id}`);
    expect(decoded(page)).toContain(opening.title);

    setOpeningStatus(db, opening.id, "closed");
    await stream.next("openings");
    for (let i = 0; i < 3; i++) {
      const closed = await raw(`/careers/${opening.id}`);
      expect(closed.status).toBe(410);
      expect(decoded(closed)).toContain("This position is closed.");
      expect(closed.headers.etag).toBeUndefined();
    }
    expect(decoded(await raw("/careers"))).not.toContain(opening.title);
  } finally {
    stream.close();
  }
});

test("Hiding a testimonial drops it from the cached home page on the next request, and showing it brings it back", async () => {
  const demo = demoTestimonials[0]!;
  const id = `demo-${demo.id}`;
  const setStatus = (status: "visible" | "hidden") =>
    db.prepare("update testimonials set status = ?, updated_at = ? where id = ?").run(status, Date.now(), id);
  const review = (html: string) => html.includes(demo.name);
  const stream = await eventStream("/events/testimonials");
  try {
    expect(review(decoded(await cached("/")))).toBe(true);
    setStatus("hidden");
    await stream.next("testimonials");
    expect(review(decoded(await raw("/")))).toBe(false);
    expect(review(decoded(await cached("/")))).toBe(false);

    setStatus("visible");
    await stream.next("testimonials");
    expect(review(decoded(await raw("/")))).toBe(true);
  } finally {
    setStatus("visible");
    stream.close();
  }
});

test("Query strings, /quote and error pages are always rendered; the cached home page holds no form token", async () => {
  const home = await cached("/");
  const html = decoded(home);
  expect(html).not.toContain('name="formToken"');
  expect(html).not.toMatch(/formToken/);

  for (const path of ["/?notice=registered", "/quote", "/careers/no-such-opening"]) {
    const first = await raw(path);
    const second = await raw(path);
    // A public path's error page is rendered each time, with hashes like its stored pages.
    if (path !== "/careers/no-such-opening") expect(cspNonce(second), path).not.toBe(cspNonce(first));
    expect(second.headers.etag, path).toBeUndefined();
    expect(second.headers.age, path).toBeUndefined();
  }
  expect((await raw("/careers/no-such-opening")).status).toBe(404);
  expect(decoded(await raw("/quote"))).toMatch(/name="formToken" value="\d+\.[\w-]+"/);

  // The modal's token comes from here, fresh and never stored.
  const token = await fetch(`${server.baseURL}/quote/token`);
  expect(token.headers.get("cache-control")).toBe("no-store");
  expect(((await token.json()) as { formToken: string }).formToken).toMatch(/^\d+\.[\w-]+$/);
});
