import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { insertOpening, openDatabase, setOpeningStatus, tagsIn, waitForHydration } from "./helpers";

/** Indexable public pages: each needs its own title, description, canonical and Open Graph tags. */
const INDEXABLE = [
  "/",
  "/services",
  "/service/android-apps",
  "/service/ios-apps",
  "/service/cross-platform-apps",
  "/service/web-development",
  "/service/blockchain",
  "/service/dapps",
  "/service/game-development",
  "/service/crm",
  "/service/saas",
  "/cases",
  "/careers",
  "/about",
  "/terms",
  "/privacy",
  "/quote",
  "/login",
];

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"] ?? "").toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
}

function metaContent(html: string, key: "name" | "property", value: string) {
  return tagsIn(html, "meta").find((m) => m[key] === value)?.content;
}

for (const path of INDEXABLE) {
  test(`${path} has a title, meta description, canonical link and Open Graph title and image`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1]?.trim();
    expect(title, "title").toBeTruthy();
    expect((metaContent(html, "name", "description") ?? "").length, "meta description").toBeGreaterThan(20);
    const canonical = tagsIn(html, "link").find((l) => l.rel === "canonical")?.href ?? "";
    expect(canonical, "canonical").toBe(`${baseURL}${path}`);
    expect(metaContent(html, "property", "og:title"), "og:title").toBeTruthy();
    const ogImage = metaContent(html, "property", "og:image") ?? "";
    expect(ogImage, "og:image is absolute").toMatch(/^https?:\/\//);
    const image = await request.get(new URL(ogImage).pathname);
    expect(image.status(), "og:image exists").toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
  });
}

test("Every indexable page has its own title", async ({ request }) => {
  const titles = new Set<string>();
  for (const path of INDEXABLE) {
    const html = await (await request.get(path)).text();
    titles.add(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
  }
  expect(titles.size).toBe(INDEXABLE.length);
});

test("The unknown service page and /employee-login are marked noindex", async ({ request }) => {
  for (const path of ["/service/unknown-slug", "/employee-login"]) {
    const html = await (await request.get(path)).text();
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], `${path} title`).toBeTruthy();
    expect(metaContent(html, "name", "robots"), `${path} robots`).toContain("noindex");
  }
});

test("/ carries Organization JSON-LD that parses as JSON", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks.length).toBeGreaterThan(0);
  const organizations = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).filter((d) => d["@type"] === "Organization");
  expect(organizations).toHaveLength(1);
  const org = organizations[0]!;
  expect(org["@context"]).toBe("https://schema.org");
  expect(org.name).toBeTruthy();
  expect(org.url).toMatch(/^https?:\/\//);
});

test("/robots.txt is served as text and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await response.text();
  expect(body).toMatch(/^User-agent: \*/m);
  expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
});

test("/sitemap.xml lists the public pages including /service/web-development", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const body = await response.text();
  expect(body).toContain("<urlset");
  const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs).toContain("/service/web-development");
  for (const path of INDEXABLE.filter((p) => p !== "/login")) expect(locs, `sitemap lists ${path}`).toContain(path);
  expect(locs).not.toContain("/employee-login");
});

test("/sitemap.xml lists an opened job opening with its lastmod and drops it once closed", async ({ request }) => {
  const sitemapEntries = async () => {
    const body = await (await request.get("/sitemap.xml")).text();
    return new Map(
      [...body.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map((m) => [new URL(m[1]!).pathname, m[2]]),
    );
  };
  const db = openDatabase();
  try {
    const opening = insertOpening(db);
    const { updated_at: updatedAt } = db.prepare("select updated_at from job_openings where id = ?").get(opening.id) as {
      updated_at: number;
    };
    expect((await sitemapEntries()).get(`/careers/${opening.id}`)).toBe(new Date(updatedAt).toISOString());

    setOpeningStatus(db, opening.id, "closed");
    expect((await sitemapEntries()).has(`/careers/${opening.id}`)).toBe(false);
  } finally {
    db.close();
  }
});

test("A page rendered per request carries the security headers and a CSP whose script nonce is on every inline script", async ({
  request,
}) => {
  // A query string: rendered for this response alone (a stored page names its scripts by hash
  // instead, html-cache.spec.ts).
  const response = await request.get("/?ref=headers");
  expectSecurityHeaders(response);
  const csp = response.headers()["content-security-policy"] ?? "";
  const scriptSrc =
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? "";
  const nonce = scriptSrc.match(/'nonce-([A-Za-z0-9+/=_-]+)'/)?.[1];
  expect(nonce, `script-src with a nonce in: ${csp}`).toBeTruthy();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const html = await response.text();
  const themeScript = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].find((m) => m[2]!.includes("localStorage"));
  expect(themeScript, "the inline theme script").toBeTruthy();
  expect(themeScript![1]).toContain(`nonce="${nonce}"`);
  // Every executable inline script must carry the nonce, or the browser refuses it.
  for (const [, attrs = ""] of html.matchAll(/<script([^>]*)>/g)) {
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    expect(attrs, "script tag carries the nonce").toContain(`nonce="${nonce}"`);
  }
});

// Every render gets a fresh nonce; a page from the HTML cache has none (decision 0112,
// html-cache.spec.ts).
test("Each rendered page gets a fresh CSP nonce", async ({ request }) => {
  const nonceOf = async () => ((await request.get("/quote")).headers()["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1];
  const first = await nonceOf();
  const second = await nonceOf();
  expect(first).toBeTruthy();
  expect(second).toBeTruthy();
  expect(first).not.toBe(second);
});

test("/robots.txt carries the security headers", async ({ request }) => {
  expectSecurityHeaders(await request.get("/robots.txt"));
});

test("A redirect carries the security headers", async ({ request }) => {
  const response = await request.get("/no-such-page", { maxRedirects: 0 });
  expect([301, 302, 303, 307, 308]).toContain(response.status());
  expect(new URL(response.headers()["location"] ?? "", "http://x").pathname).toBe("/");
  expectSecurityHeaders(response);
});

/** The hashed JS files the home page references, largest first. */
async function hashedScripts(request: APIRequestContext) {
  const html = await (await request.get("/")).text();
  const paths = [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
  expect(paths.length).toBeGreaterThan(0);
  const sized = await Promise.all(
    paths.map(async (p) => ({
      path: p,
      size: (await (await request.get(p, { headers: { "Accept-Encoding": "identity" } })).body()).length,
    })),
  );
  return sized.sort((a, b) => b.size - a.size);
}

test("A hashed asset carries the security headers and immutable one-year caching", async ({ request }) => {
  const [asset] = await hashedScripts(request);
  const response = await request.get(asset!.path);
  expect(response.status()).toBe(200);
  expectSecurityHeaders(response);
  const cacheControl = response.headers()["cache-control"] ?? "";
  expect(cacheControl).toContain("immutable");
  expect(cacheControl).toContain("max-age=31536000");
  expect(response.headers()["content-type"]).toMatch(/javascript/);
});

test("A hashed JS asset is served brotli-compressed when the client accepts br", async ({ request }) => {
  const [asset] = await hashedScripts(request);
  const response = await request.get(asset!.path, { headers: { "Accept-Encoding": "br" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-encoding"]).toBe("br");
  // Decoded by the client: must be the same JavaScript as the uncompressed file.
  expect((await response.body()).length).toBe(asset!.size);
  expect(response.headers()["vary"] ?? "").toMatch(/accept-encoding/i);
});

test("HTML is compressed when the client accepts gzip", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(["gzip", "br"]).toContain(response.headers()["content-encoding"]);
  expect(await response.text()).toContain("<!DOCTYPE html>");
});

test("Page data for client-side navigation is compressed when over 1 kB and sent as it is when smaller", async ({ request }) => {
  const plain = await request.get("/careers.data", { headers: { "Accept-Encoding": "identity" } });
  expect(plain.status()).toBe(200);
  const plainBody = await plain.body();
  expect(plainBody.length).toBeGreaterThan(1024);

  const compressed = await request.get("/careers.data", { headers: { "Accept-Encoding": "br" } });
  expect(compressed.headers()["content-encoding"]).toBe("br");
  expect(compressed.headers()["vary"] ?? "").toMatch(/accept-encoding/i);
  expect((await compressed.body()).equals(plainBody)).toBe(true);

  // A page with no loader of its own: its data is the root's alone (the brand, kept under 1 kB).
  // /about was this page until it became site content with a loader of its own.
  const small = await request.get("/forgot-password.data", { headers: { "Accept-Encoding": "br" } });
  expect(small.status()).toBe(200);
  expect(small.headers()["content-encoding"] ?? "identity").toBe("identity");
  const smallBody = await small.body();
  expect(smallBody.length).toBeLessThan(1024);
  expect(Number(small.headers()["content-length"])).toBe(smallBody.length);
});

test("HTML is not compressed for a client that accepts no encoding", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(response.headers()["content-encoding"] ?? "identity").toBe("identity");
});

test("The home page loads, hydrates and opens the quote modal without console errors or CSP violations", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Get a Free Quote" }).click();
  await expect(page.getByRole("dialog").getByLabel("Full Name")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

for (const path of ["/services", "/cases", "/about", "/service/web-development", "/quote"]) {
  test(`${path} loads and hydrates without console errors or CSP violations`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
}
