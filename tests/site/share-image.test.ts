import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEMO_BRAND, type Brand } from "~/lib/brand";
import { seo } from "~/lib/seo";
import { loader as shareImageLoader } from "~/routes/resources/share-image";
import { forgetBrand, getBrand, readBrand } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { storeImage } from "~/server/images/images.server";
import { renderShareCard } from "~/server/images/share-card.server";
import { saveBrand } from "~/server/models/site/brand.server";
import { setLogo } from "~/server/models/site/logo.server";
import { pageBrand } from "~/server/models/site/page-brand.server";
import { shareCardInput } from "~/server/models/site/share-image.server";
import * as files from "../fixtures/project-files";
import { signInStaff } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// The share image (og:image): the demo agency's drawn card until the brand changes, then a card
// made from the operator's brand, so a link shared from a rebranded site never shows the demo agency.

const APP_URL = "http://localhost:3000";
const HERON: Brand = { ...DEMO_BRAND, name: "Heron Works Studio", tagline: "Quiet software for loud markets.", primaryColor: "#0f766e" };

async function shareImage(query = "", headers: Record<string, string> = {}) {
  const outcome = await call(shareImageLoader as never, `/share-image.png${query}`, { headers });
  return outcome.response!;
}

/** The og:image a page's meta tags name, as the root loader's data makes them. */
async function ogImageOf(brand: Brand): Promise<string | undefined> {
  const root = { appUrl: APP_URL, ...(await pageBrand(brand)) };
  const tags = seo({ title: "About Us", description: "About.", path: "/about", matches: [{ id: "root", data: root }] });
  return (tags.find((tag) => "property" in tag && tag.property === "og:image") as { content?: string } | undefined)?.content;
}

async function pixel(png: Buffer, left: number, top: number) {
  const data = await sharp(png).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

/** Pixels of `png` that are plainly red. */
async function redPixels(png: Buffer): Promise<number> {
  const data = await sharp(png).removeAlpha().raw().toBuffer();
  let red = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i]! > 200 && data[i + 1]! < 90 && data[i + 2]! < 90) red++;
  return red;
}

/** Mean absolute difference of two same-size pictures' pixels (0: the same picture). */
async function difference(a: Buffer, b: Buffer, region?: sharp.Region): Promise<number> {
  const raw = (png: Buffer) => (region ? sharp(png).extract(region) : sharp(png)).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe.each(testDatabases("share-image"))("The share image on $name", (database) => {
  let cleanup: () => Promise<void>;
  let actor: { id: string; email: string; name: string };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    const admin = await signInStaff("ada-share@indigokite.dev", { name: "Ada" });
    actor = { id: admin.id, email: admin.email, name: "Ada" };
  });
  afterAll(async () => {
    forgetBrand();
    await cleanup();
  });
  beforeEach(async () => {
    await db().deleteFrom("appSettings").where("key", "=", "brand").execute();
    forgetBrand();
  });

  async function rebrand(brand: Brand): Promise<Brand> {
    await saveBrand(actor, brand, (await readBrand()).version);
    forgetBrand();
    return getBrand();
  }

  test("The demo brand's pages keep the drawn card; a renamed agency's pages name a card made from its brand, at an absolute address", async () => {
    expect(await ogImageOf(await getBrand())).toBe(`${APP_URL}/images/og.png`);
    const heron = await rebrand(HERON);
    const ogImage = await ogImageOf(heron);
    expect(ogImage).toMatch(new RegExp(`^${APP_URL}/share-image\\.png\\?v=[\\w-]{12}$`));
    // A brand with only a new phone number draws the same card as the demo's: nothing to remake.
    const sameCard = await rebrand({ ...DEMO_BRAND, phone: "+44 20 7946 0000" });
    expect(await ogImageOf(sameCard)).toBe(`${APP_URL}/images/og.png`);
  });

  test("The card is a 1200 × 630 PNG with the brand's own picture, kept a year under its version and briefly under any other", async () => {
    const heron = await rebrand(HERON);
    const version = new URL((await ogImageOf(heron))!).searchParams.get("v");
    const response = await shareImage(`?v=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const heronCard = Buffer.from(await response.arrayBuffer());
    expect(await sharp(heronCard).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });

    const old = await shareImage("?v=an-old-one");
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    expect(Buffer.from(await old.arrayBuffer()).equals(heronCard), "an old address gets today's card").toBe(true);

    const notModified = await shareImage(`?v=${version}`, { "If-None-Match": response.headers.get("etag")! });
    expect(notModified.status).toBe(304);

    const other = await rebrand({ ...HERON, name: "Kestrel Labs" });
    const otherVersion = new URL((await ogImageOf(other))!).searchParams.get("v");
    expect(otherVersion).not.toBe(version);
    const kestrelCard = Buffer.from(await (await shareImage(`?v=${otherVersion}`)).arrayBuffer());
    // The name's lines differ; the rest of the card is the same colour and layout.
    expect(await difference(heronCard, kestrelCard, { left: 80, top: 60, width: 600, height: 300 })).toBeGreaterThan(1);
    expect(await difference(heronCard, kestrelCard, { left: 0, top: 0, width: 1200, height: 40 })).toBe(0);
  });

  test("The brand's own domain is drawn; the demo's domain, kept by a renamed brand, is not", async () => {
    const domainLine = { left: 0, top: 480, width: 700, height: 150 };
    await rebrand(HERON);
    const keptDemoDomain = Buffer.from(await (await shareImage()).arrayBuffer());
    const noDomain = await renderShareCard({ ...shareCardInput(HERON), domain: "" });
    expect(await difference(keptDemoDomain, noDomain, domainLine)).toBe(0);
    await rebrand({ ...HERON, domain: "heron.example" });
    const ownDomain = Buffer.from(await (await shareImage()).arrayBuffer());
    expect(await difference(ownDomain, noDomain, domainLine)).toBeGreaterThan(1);
  });

  test("The colour is the brand's: a teal brand's card is teal, an indigo one's indigo", async () => {
    const at = async (brand: Brand) => {
      await rebrand(brand);
      return pixel(Buffer.from(await (await shareImage()).arrayBuffer()), 20, 20);
    };
    const teal = await at({ ...HERON, primaryColor: "#0f766e" });
    expect(teal.g).toBeGreaterThan(teal.r);
    const indigo = await at({ ...HERON, primaryColor: "#4f46e5" });
    expect(indigo.b).toBeGreaterThan(indigo.g);
  });

  test("An uploaded logo is drawn on the card in place of the built-in mark, and changes its address", async () => {
    const heron = await rebrand(HERON);
    const withMark = Buffer.from(await (await shareImage()).arrayBuffer());
    const markVersion = new URL((await ogImageOf(heron))!).searchParams.get("v");
    const logo = await storeImage({ bytes: await files.png(400, 100), filename: "logo.png", alt: "Heron Works", actor, kind: "logo" });
    await setLogo(actor, { variant: "light", imageId: logo.id, version: (await readBrand()).version });
    forgetBrand();
    const withLogo = await getBrand();
    expect(new URL((await ogImageOf(withLogo))!).searchParams.get("v")).not.toBe(markVersion);
    const card = Buffer.from(await (await shareImage()).arrayBuffer());
    // The logo's blue (20, 120, 200) sits in the right-hand column, where the mark was.
    const centre = await pixel(card, 960, 315);
    for (const [channel, expected] of [centre.r - 20, centre.g - 120, centre.b - 200].entries())
      expect(Math.abs(expected), `channel ${channel} within the WebP variant's rounding`).toBeLessThanOrEqual(4);
    expect(await difference(withMark, card, { left: 800, top: 150, width: 320, height: 330 })).toBeGreaterThan(5);
  });

  test("A name that looks like markup is drawn as its own characters, and a long name and tagline still fit", async () => {
    await rebrand({ ...HERON, name: `Heron <span foreground="red">&amp;</span> Co` });
    const marked = await shareImage();
    expect(marked.status).toBe(200);
    // Read as markup, the span would set "&" in red; drawn as text, every letter is white.
    expect(await redPixels(Buffer.from(await marked.arrayBuffer()))).toBe(0);
    const long = "Agency ".repeat(17).trim();
    await rebrand({ ...HERON, name: long, tagline: "A tagline that goes on. ".repeat(8).trim() });
    const card = Buffer.from(await (await shareImage()).arrayBuffer());
    expect(await sharp(card).metadata()).toMatchObject({ width: 1200, height: 630 });
  });
});
