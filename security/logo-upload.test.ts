import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeEach, describe, inject, test } from "vitest";
import * as make from "../tests/fixtures/make-files";
import { postMultipart } from "./helpers/client";
import { clearRateLimits, count, database } from "./helpers/database";
import type { FilePart, Reply } from "./helpers/http";
import { tally, type Tally } from "./helpers/tally";

// The brand logo's upload (console → Settings → Brand → Logo): what the image pipeline refuses,
// and that a refused upload keeps nothing. /media then serves only server-made pixels.

const [world] = inject("worlds");
const server = world!.server;
const PAGE = "/employee-dashboard/settings/brand/logo";
const admin = () => world!.actors.staff.cookie;

beforeEach(async () => clearRateLimits(server));
afterAll(async () => clearRateLimits(server));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

async function brandVersion(): Promise<string> {
  const row = await database(server).selectFrom("appSettings").select("updatedAt").where("key", "=", "brand").executeTakeFirst();
  return String(row ? Number(row.updatedAt) : 0);
}

async function upload(file: FilePart): Promise<Reply> {
  return postMultipart(
    server,
    `${PAGE}?variant=light`,
    { intent: "upload-light", alt: "Security", version: await brandVersion() },
    { field: "file", ...file },
    {
      cookie: admin(),
      headers: { Accept: "text/html" },
    },
  );
}

async function tempDirEmpties(): Promise<boolean> {
  const dir = path.join(server.storageDir, ".tmp");
  for (let i = 0; i < 50; i++) {
    if (filesUnder(dir).length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

async function expectRefused(t: Tally, label: string, file: FilePart, message: string) {
  const rows = await count(server, "images");
  const stored = filesUnder(path.join(server.storageDir, "images")).length;
  const reply = await upload(file);
  t.check(`${label} is answered 400`, reply.status === 400, String(reply.status));
  t.check(`${label} says why`, reply.body.includes(message), reply.body.slice(0, 200));
  t.check(`${label} stores no image row`, (await count(server, "images")) === rows);
  t.check(`${label} stores no file`, filesUnder(path.join(server.storageDir, "images")).length === stored);
  t.check(`${label} leaves no temporary file`, await tempDirEmpties());
}

describe("Logo uploads", () => {
  test("Files that are no image we take are refused with the reason, and nothing is kept", async (context) => {
    const t = tally(context, "Uploads");
    const notAccepted = "is not a kind of file we accept. Accepted: PNG, JPEG, WebP or SVG, at most 5 MB.";
    await expectRefused(t, "an HTML page named .png", { filename: "logo.png", bytes: make.html() }, notAccepted);
    await expectRefused(t, "a PDF named .png", { filename: "logo.png", bytes: make.pdf() }, notAccepted);
    await expectRefused(t, "a Windows program named .svg", { filename: "logo.svg", bytes: make.pe() }, "is a program");
    await expectRefused(t, "an image with a ZIP glued on", { filename: "logo.png", bytes: await pngWithZip() }, "two kinds of file");
    await expectRefused(
      t,
      "a file of 5 MB + 1 byte",
      { filename: "logo.png", bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 7) },
      "larger than 5 MB",
    );
    await expectRefused(t, "an empty file", { filename: "logo.png", bytes: Buffer.alloc(0) }, "is empty");
    t.done();
  });

  test("An SVG carrying a script is stored only as pixels: /media never answers it as SVG or script", async (context) => {
    const t = tally(context, "Uploads");
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(document.cookie)</script><rect width="40" height="20" fill="#123"/></svg>`,
    );
    const reply = await upload({ filename: "../../evil.svg", bytes: svg });
    t.check("the SVG is accepted", reply.status === 200, String(reply.status));
    const id = (await database(server).selectFrom("images").select("id").orderBy("createdAt", "desc").executeTakeFirstOrThrow()).id;
    const stored = filesUnder(path.join(server.storageDir, "images", id));
    t.check(
      "it is stored under its id only, never its name",
      stored.every((f) => /^(original|\d+\.(webp|avif)|icon-\d+\.png)$/.test(f)),
      stored.join(", "),
    );
    const media = await fetch(`${server.url}/media/${id}-320.webp`);
    const bytes = Buffer.from(await media.arrayBuffer());
    t.check(
      "its variant is a WebP",
      media.headers.get("content-type") === "image/webp" && (await sharp(bytes).metadata()).format === "webp",
    );
    t.check("it is not sniffable", media.headers.get("x-content-type-options") === "nosniff");
    t.check("it holds no script", !bytes.includes(Buffer.from("<script")));
    const original = await fetch(`${server.url}/media/${id}-original`);
    t.check("the original is never served", original.status === 404, String(original.status));
    // Back to the built-in artwork for the suites that follow.
    await postMultipart(server, PAGE, { intent: "remove-light", version: await brandVersion() }, [], { cookie: admin() });
    t.done();
  });
});

async function pngWithZip(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
}
