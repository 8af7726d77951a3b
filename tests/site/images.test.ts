import { readdirSync } from "node:fs";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { IMAGE_MAX_BYTES, parseMediaName, srcSet, variantWidths } from "~/lib/images";
import { Refusal } from "~/lib/refusal";
import { loader as mediaLoader } from "~/routes/resources/media";
import { db } from "~/server/db/db.server";
import { getImage, imageUrls, isImageKeyReferenced, storeImage, type StoreImageInput } from "~/server/images/images.server";
import { fileStore } from "~/server/storage/storage.server";
import { html, pe } from "../fixtures/make-files";
import * as files from "../fixtures/project-files";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// The image pipeline (app/server/images/): checks from the bytes, variants, the row, /media.

const actor = { id: "00000000-0000-4000-8000-000000000001" };
const store = (input: Partial<StoreImageInput> & { bytes: Uint8Array }) =>
  storeImage({ filename: "picture.png", alt: "A blue square", actor, kind: "content", ...input });

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => new Error("stored"),
    (e: unknown) => e,
  );
  if (!(error instanceof Refusal)) throw error;
  return error;
}

async function media(name: string, headers: Record<string, string> = {}) {
  const outcome = await call(mediaLoader as never, `/media/${name}`, { params: { file: name }, headers });
  return outcome.response!;
}

test("Variant widths stop at the image's own width: a small image is never upscaled", () => {
  expect(variantWidths(200)).toEqual([200]);
  expect(variantWidths(700)).toEqual([320, 640, 700]);
  expect(variantWidths(1280)).toEqual([320, 640, 960, 1280]);
  expect(variantWidths(4000)).toEqual([320, 640, 960, 1280]);
  expect(srcSet({ id: "x", width: 700 }, "avif")).toBe("/media/x-320.avif 320w, /media/x-640.avif 640w, /media/x-700.avif 700w");
});

test("Only the names the server makes are media names", () => {
  const id = "0b4ad4a4-3c55-4e5e-9d0e-1b1f8d1b2c3d";
  expect(parseMediaName(`${id}-640.webp`)).toEqual({ id, variant: { width: 640, format: "webp" } });
  expect(parseMediaName(`${id}-icon-32.png`)).toEqual({ id, variant: { icon: 32 } });
  expect(parseMediaName(`${id}-640.png`)).toBeNull();
  expect(parseMediaName(`${id}-icon-33.png`)).toBeNull();
  expect(parseMediaName(`${id}-99999.webp`)).toBeNull();
  expect(parseMediaName(`../${id}-640.webp`)).toBeNull();
  expect(parseMediaName(`${id}-640.webp/original`)).toBeNull();
});

describe.each(testDatabases("images"))("Images on $name", (database) => {
  let cleanup: () => Promise<void>;
  let storageDir = "";
  beforeAll(async () => {
    ({ cleanup, storageDir } = await useAppDatabase(database));
  });
  afterAll(() => cleanup());

  const storedKeys = async (id: string) => (await fileStore().list(`images/${id}/`)).map((key) => key.slice(`images/${id}/`.length));
  const tempFiles = () => readdirSync(fileStore().tempDir()).filter((name) => !name.startsWith("."));
  const imageRows = async () => (await db().selectFrom("images").select("id").execute()).length;

  test("A PNG gets WebP and AVIF variants at each width up to its own, and its row with alt text", async () => {
    const { id, width, height } = await store({ bytes: await files.png(1000, 500) });
    expect([width, height]).toEqual([1000, 500]);
    const keys = await storedKeys(id);
    expect(keys.sort()).toEqual(
      ["320.avif", "320.webp", "640.avif", "640.webp", "960.avif", "960.webp", "1000.avif", "1000.webp", "original"].sort(),
    );
    const row = await db().selectFrom("images").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "content", alt: "A blue square", originalType: "image/png", createdBy: actor.id });
    const variant = await sharp(await buffer((await fileStore().read(`images/${id}/640.webp`)).stream)).metadata();
    expect([variant.format, variant.width, variant.height]).toEqual(["webp", 640, 320]);
    const avif = await sharp(await buffer((await fileStore().read(`images/${id}/320.avif`)).stream)).metadata();
    expect(avif.format).toBe("heif");
    expect(await getImage(id)).toEqual({ id, width: 1000, height: 500, alt: "A blue square" });
    expect(await isImageKeyReferenced(`images/${id}/320.webp`)).toBe(true);
  });

  test("A small image is never upscaled: one variant per format at its own width", async () => {
    const { id } = await store({ bytes: await files.jpeg(64, 48), filename: "tiny.jpg" });
    expect((await storedKeys(id)).sort()).toEqual(["64.avif", "64.webp", "original"]);
    const urls = await imageUrls(id);
    expect(urls).toMatchObject({ width: 64, height: 48, webpSrcSet: `/media/${id}-64.webp 64w`, src: `/media/${id}-64.webp`, icons: [] });
  });

  test("A wide image's variants stop at 1280 pixels", async () => {
    const { id, width } = await store({ bytes: await files.png(3000, 300) });
    expect(width).toBe(1280);
    expect((await storedKeys(id)).filter((k) => k.endsWith(".webp"))).toEqual(["1280.webp", "320.webp", "640.webp", "960.webp"]);
  });

  test("A logo also gets its favicons: 32 × 32 and 180 × 180 PNGs", async () => {
    const { id } = await storeImage({ bytes: await files.png(400, 100), filename: "logo.png", alt: "Acme", actor, kind: "logo" });
    const icon = await sharp(await buffer((await fileStore().read(`images/${id}/icon-180.png`)).stream)).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(["png", 180, 180]);
    expect((await imageUrls(id))?.icons).toEqual([
      { size: 32, href: `/media/${id}-icon-32.png` },
      { size: 180, href: `/media/${id}-icon-180.png` },
    ]);
  });

  test("A stream is read to its end and stored like bytes", async () => {
    const { id } = await storeImage({
      stream: Readable.from([await files.webp()]),
      filename: "s.webp",
      alt: "White",
      actor,
      kind: "content",
    });
    expect(await storedKeys(id)).toContain("16.webp");
  });

  test("An HTML file named .png is refused, and nothing is stored", async () => {
    const rows = await imageRows();
    const error = await refusal(store({ bytes: html(), filename: "photo.png" }));
    expect(error).toMatchObject({ kind: "invalid", field: "file" });
    expect(error.message).toBe("“photo.png” is not a kind of file we accept. Accepted: PNG, JPEG, WebP or SVG, at most 5 MB.");
    expect(await imageRows()).toBe(rows);
    expect(tempFiles()).toEqual([]);
  });

  test("Non-images are refused: a program, a PDF, a GIF, a fake PNG, text", async () => {
    const rows = await imageRows();
    expect((await refusal(store({ bytes: pe(), filename: "logo.png" }))).message).toBe(
      "“logo.png” is a program; programs can't be shared here.",
    );
    for (const [bytes, name] of [
      [Buffer.from("%PDF-1.4\n%%EOF\n"), "logo.pdf"],
      [await files.gif(), "logo.gif"],
      [files.fakePng(), "logo.png"],
      [Buffer.from("just words\n"), "logo.png"],
    ] as const) {
      expect((await refusal(store({ bytes, filename: name }))).field).toBe("file");
    }
    expect(await imageRows()).toBe(rows);
    expect(tempFiles()).toEqual([]);
  });

  test("A file over 5 MB is refused before it is read, from bytes or from a stream", async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 1);
    expect((await refusal(store({ bytes: big }))).message).toBe("“picture.png” is larger than 5 MB, the limit for an image.");
    const streamed = await refusal(
      storeImage({
        stream: Readable.from([big.subarray(0, IMAGE_MAX_BYTES), big.subarray(IMAGE_MAX_BYTES)]),
        filename: "big.png",
        alt: "x",
        actor,
        kind: "content",
      }),
    );
    expect(streamed.message).toBe("“big.png” is larger than 5 MB, the limit for an image.");
    expect(tempFiles()).toEqual([]);
  });

  test("An image of more than 40 million pixels is refused", async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await refusal(store({ bytes: huge }))).message).toBe(
      "“picture.png” has more than 40 million pixels; make it smaller and upload it again.",
    );
  });

  test("Alt text is required", async () => {
    const rows = await imageRows();
    expect(await refusal(store({ bytes: await files.png(10, 10), alt: "   " }))).toMatchObject({ kind: "invalid", field: "alt" });
    expect(await imageRows()).toBe(rows);
  });

  test("An SVG with a script is rasterised: only re-encoded pixels are ever served, never the SVG", async () => {
    const { id, width, height } = await storeImage({ bytes: files.svg(), filename: "logo.svg", alt: "Mark", actor, kind: "logo" });
    // A 10 × 10 drawing is drawn at 1280 px, so its variants are sharp on any screen.
    expect([width, height]).toEqual([1280, 1280]);
    const keys = await storedKeys(id);
    expect(keys.every((k) => /\.(webp|avif|png)$/.test(k) || k === "original")).toBe(true);
    const answer = await media(`${id}-320.webp`);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    // The original is never a media name.
    expect((await media(`${id}-original`)).status).toBe(404);
  });

  test("An SVG's references to other files are never loaded, and entities are refused", async () => {
    const red = path.join(storageDir, "red.png");
    await sharp({ create: { width: 20, height: 20, channels: 3, background: "#f00" } })
      .png()
      .toFile(red);
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><image href="file://${red}" width="20" height="20"/><image href="${red}" width="20" height="20"/></svg>`,
    );
    const { id } = await storeImage({ bytes: svg, filename: "ref.svg", alt: "Nothing", actor, kind: "content" });
    const pixels = await sharp(await buffer((await fileStore().read(`images/${id}/320.webp`)).stream))
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect(pixels.every((value, index) => index % 4 !== 3 || value === 0)).toBe(true);
    const entities = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"><text>&a;</text></svg>`,
    );
    // The sniffer already takes an internal DTD for something else; the entity check stands behind it.
    expect((await refusal(store({ bytes: entities, filename: "e.svg" }))).field).toBe("file");
  });

  test("/media answers a variant immutable, typed and not sniffable, and 404 for unknown ids and widths", async () => {
    const { id } = await store({ bytes: await files.png(700, 350) });
    const answer = await media(`${id}-640.avif`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/avif");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await media(`${id}-640.avif`, { "If-None-Match": `"${id}-640.avif"` })).status).toBe(304);
    expect((await media(`${id}-960.webp`)).status).toBe(404); // wider than the image: never made
    expect((await media(`00000000-0000-4000-8000-000000000000-320.webp`)).status).toBe(404);
    expect((await media("nonsense")).status).toBe(404);
  });
});
