import { describe, expect, test } from "vitest";
import { DEMO_BRAND, type Brand } from "~/lib/brand";
import { renderMarkdown } from "~/server/models/site/markdown.server";
import { pageBrand } from "~/server/models/site/page-brand.server";

// What every page's root data carries of the brand, and the Markdown pages render: both are made
// once and reused, so these check that reuse never shows a page something stale or unsafe.

describe("The brand pages get", () => {
  test("A saved brand is made into page data once, and a newer saved brand afresh", async () => {
    const first = await pageBrand(DEMO_BRAND);
    expect(await pageBrand(DEMO_BRAND)).toBe(first);
    const renamed: Brand = { ...DEMO_BRAND, name: "Renamed Agency" };
    const second = await pageBrand(renamed);
    expect(second).not.toBe(first);
    expect(second.brand.name).toBe("Renamed Agency");
  });

  test("Page data carries no field a page does not read, and the default colour adds no palette", async () => {
    const page = await pageBrand({ ...DEMO_BRAND });
    expect(page.brand).not.toHaveProperty("domain");
    expect(page.brand).not.toHaveProperty("primaryColor");
    expect(page.brand).not.toHaveProperty("countriesServed");
    expect(page.brand.emails).toEqual({ info: DEMO_BRAND.emails.info, support: DEMO_BRAND.emails.support });
    expect(page).not.toHaveProperty("palette");
    expect(page).not.toHaveProperty("logo");
  });

  test("Another colour brings its palette's CSS", async () => {
    const page = await pageBrand({ ...DEMO_BRAND, primaryColor: "#0f766e" });
    expect(page.palette).toContain("--color-brand-600:#0f766e");
  });
});

describe("Markdown rendered once", () => {
  test("The same text gives the same HTML again, and an edited text its own", () => {
    const text = "Some **bold** words and a [link](https://example.com).";
    const html = renderMarkdown(text);
    expect(renderMarkdown(text)).toBe(html);
    expect(renderMarkdown(`${text} More.`)).toContain("More.");
  });

  test("A script link is never a link, on the first render or a remembered one", () => {
    const text = "[click](javascript:alert(1))";
    expect(renderMarkdown(text)).not.toContain("<a");
    expect(renderMarkdown(text)).not.toContain("<a");
  });
});
