import { expect, test, type Page } from "@playwright/test";

interface ShiftReport {
  total: number;
  shifts: { value: number; sources: string[] }[];
}

/** Sums the layout-shift entries (buffered since navigation) that were not caused by user input. */
async function layoutShifts(page: Page): Promise<ShiftReport> {
  return page.evaluate(
    () =>
      new Promise<ShiftReport>((resolve) => {
        type LayoutShift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node | null }[];
        };
        const shifts: ShiftReport["shifts"] = [];
        const describe = (node?: Node | null) => {
          if (!node || !(node instanceof Element)) return String(node?.nodeName ?? "?");
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${[...node.classList].slice(0, 3).join(".")}`;
        };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as LayoutShift[]) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        setTimeout(() => {
          for (const entry of observer.takeRecords() as LayoutShift[]) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
          }
          observer.disconnect();
          resolve({ total: shifts.reduce((sum, s) => sum + s.value, 0), shifts });
        }, 300);
      }),
  );
}

for (const path of ["/", "/services", "/cases", "/service/web-development"]) {
  test(`${path} loads without layout shift (CLS below 0.01)`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("load");
    await page.waitForTimeout(1000);
    const report = await layoutShifts(page);
    expect(report.total, JSON.stringify(report.shifts, null, 2)).toBeLessThan(0.01);
  });
}

test("/ does not shift its layout when the dark theme is stored", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("theme", "dark"));
  await page.goto("/");
  await page.waitForLoadState("load");
  await page.waitForTimeout(1000);
  const report = await layoutShifts(page);
  expect(report.total, JSON.stringify(report.shifts, null, 2)).toBeLessThan(0.01);
});

for (const path of ["/", "/cases", "/services", "/about", "/service/blockchain"]) {
  test(`Every image on ${path} has width and height attributes`, async ({ page }) => {
    await page.goto(path);
    const images = page.locator("img");
    expect(await images.count()).toBeGreaterThan(0);
    const unsized = await images.evaluateAll((imgs) =>
      imgs
        .filter((img) => !/^\d+$/.test(img.getAttribute("width") ?? "") || !/^\d+$/.test(img.getAttribute("height") ?? ""))
        .map((img) => img.outerHTML.slice(0, 160)),
    );
    expect(unsized).toEqual([]);
  });
}

test("Every image on / loads (no broken artwork)", async ({ page }) => {
  await page.goto("/");
  // Lazy images load once scrolled into view.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  await page.waitForLoadState("networkidle");
  const broken = await page
    .locator("img")
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src));
  expect(broken).toEqual([]);
});

test("The brand typeface is self-hosted, preloaded, and sets the page's text once loaded", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") fontRequests.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  const href = await preload.getAttribute("href");
  expect(href).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  expect(await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px "Inter Variable"')))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter fallback"/);
  // One file, from this origin: the preload and the @font-face share the URL.
  expect(fontRequests).toEqual([href]);
});
