import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { IMAGE_MAX_BYTES } from "~/lib/images";
import * as logoRoute from "~/routes/console/brand-logo";
import * as openingRoute from "~/routes/marketing/opening";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { forgetBrand, readBrand } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { setLogo } from "~/server/models/site/logo.server";
import { fileStore } from "~/server/storage/storage.server";
import { html } from "../fixtures/make-files";
import * as files from "../fixtures/project-files";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";
import { readdirSync } from "node:fs";

// Console → Settings → Brand → Logo: uploads through the route as a browser posts them.

const PAGE = "/employee-dashboard/settings/brand/logo";
const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };

async function post(who: TestUser, variant: "light" | "dark", file: [Buffer, string] | null, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new File([new Uint8Array(file[0])], file[1]));
  const request = new Request(`http://localhost${PAGE}?variant=${variant}`, {
    method: "POST",
    body: form,
    headers: { ...SAME_ORIGIN, Cookie: who.cookie },
  });
  try {
    const answer = (await logoRoute.action({ request, params: {}, context: { clientIp: "203.0.113.9" } } as never)) as {
      data?: unknown;
      init?: { status?: number };
    };
    return {
      status: answer.init?.status ?? 200,
      data: answer.data as { status: string; message?: string; result?: { error?: Record<string, string[]> } },
    };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, data: undefined };
    throw error;
  }
}

describe.each(testDatabases("logo"))("The brand logo on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("ada@indigokite.dev");
    sales = await signInStaff("sam@indigokite.dev", { staffRole: "sales" });
  });
  afterAll(() => cleanup());
  beforeEach(async () => {
    await clearTables("appSettings");
    forgetBrand();
  });

  const version = async () => String((await readBrand(db())).version);

  test("An admin uploads a PNG logo and a dark variant: the brand names both, audited, and every page hears of it", async () => {
    const events = recordEvents();
    const light = await post(admin, "light", [await files.png(400, 100), "logo.png"], {
      intent: "upload-light",
      alt: "Acme Studio",
      version: await version(),
    });
    expect(light).toMatchObject({ status: 200, data: { status: "success", message: "Logo saved. The site shows it now." } });
    const dark = await post(admin, "dark", [await files.webp(), "logo-dark.webp"], {
      intent: "upload-dark",
      alt: "Acme Studio",
      version: await version(),
    });
    expect(dark.data?.status).toBe("success");
    events.stop();
    const brand = (await readBrand(db())).value;
    expect(brand.logo.light).toMatch(/^[0-9a-f-]{36}$/);
    expect(brand.logo.dark).toMatch(/^[0-9a-f-]{36}$/);
    expect(events.seen.filter((e) => e.type === "site.changed")).toHaveLength(2);
    const audit = await db().selectFrom("auditLog").select(["action", "detail"]).where("action", "=", "brand.logo-set").execute();
    expect(audit).toHaveLength(2);
    const page = await call(logoRoute.loader as never, PAGE, { cookie: admin.cookie });
    expect(page.data).toMatchObject({ logo: { light: { id: brand.logo.light, width: 400, height: 100, alt: "Acme Studio" } } });
  });

  test("A job opening's structured data shows the uploaded logo as the hiring organisation's, and the built-in mark without one", async () => {
    const opening = await createOpening(null, {
      title: "Designer",
      location: "Pune",
      type: "Full-time",
      description: "Design.",
      salary: "",
      requirements: ["Figma"],
    });
    const hiringLogo = async () => {
      const outcome = await call(openingRoute.loader as never, `/careers/${opening.id}`, { params: { id: opening.id } });
      return (outcome.data?.jobPosting as { hiringOrganization: { logo: string } }).hiringOrganization.logo;
    };
    expect(await hiringLogo()).toMatch(/\/images\/logo-mark\.svg$/);
    await post(admin, "light", [await files.png(400, 100), "logo.png"], { intent: "upload-light", alt: "Acme", version: await version() });
    const id = (await readBrand(db())).value.logo.light;
    expect(await hiringLogo()).toMatch(new RegExp(`/media/${id}-400\\.webp$`));
  });

  test("Removing the logo puts the built-in artwork back", async () => {
    await post(admin, "light", [await files.png(200, 50), "logo.png"], { intent: "upload-light", alt: "Acme", version: await version() });
    const removed = await call(logoRoute.action as never, PAGE, {
      cookie: admin.cookie,
      headers: SAME_ORIGIN,
      form: { intent: "remove-light", version: await version() },
    });
    expect(removed.data).toMatchObject({ status: "success", message: "Logo removed: the built-in artwork shows again." });
    expect((await readBrand(db())).value.logo.light).toBeNull();
  });

  test("An HTML page named logo.png is refused in place, and nothing is stored or changed", async () => {
    const before = await fileStore().list("images/");
    const answer = await post(admin, "light", [html(), "logo.png"], { intent: "upload-light", alt: "Acme", version: await version() });
    expect(answer.status).toBe(400);
    // Refused while the body is read, before its fields: the form's message.
    expect(answer.data?.message).toEqual("“logo.png” is not a kind of file we accept. Accepted: PNG, JPEG, WebP or SVG, at most 5 MB.");
    expect(await fileStore().list("images/")).toEqual(before);
    expect((await readBrand(db())).value.logo.light).toBeNull();
    expect(readdirSync(fileStore().tempDir()).filter((n) => !n.startsWith("."))).toEqual([]);
  });

  test("A logo over 5 MB is refused while it streams", async () => {
    const answer = await post(admin, "light", [Buffer.alloc(IMAGE_MAX_BYTES + 1, 1), "logo.png"], {
      intent: "upload-light",
      alt: "Acme",
      version: await version(),
    });
    expect(answer.status).toBe(400);
    expect(answer.data?.message).toBe("“logo.png” is larger than 5 MB, the limit for one file.");
  });

  test("Alt text is required, and a dark logo needs the light one first", async () => {
    const noAlt = await post(admin, "light", [await files.png(20, 20), "logo.png"], {
      intent: "upload-light",
      alt: " ",
      version: await version(),
    });
    expect(noAlt.status).toBe(400);
    expect(noAlt.data?.result?.error?.alt?.[0]).toMatch(/alt text/);
    const dark = await post(admin, "dark", [await files.png(20, 20), "logo.png"], {
      intent: "upload-dark",
      alt: "Acme",
      version: await version(),
    });
    expect(dark.data?.result?.error?.file).toEqual(["Upload the logo for light backgrounds first."]);
    expect(await db().selectFrom("images").select("id").where("alt", "=", "Acme").where("width", "=", 20).execute()).toEqual([]);
  });

  test("A save made on an older version of the brand is refused, and the newer one stays", async () => {
    const seen = await version();
    await post(admin, "light", [await files.png(60, 20), "a.png"], { intent: "upload-light", alt: "First", version: seen });
    const kept = (await readBrand(db())).value.logo.light;
    const stale = await post(admin, "light", [await files.png(60, 20), "b.png"], { intent: "upload-light", alt: "Second", version: seen });
    expect(stale.status).toBe(409);
    expect((await readBrand(db())).value.logo.light).toBe(kept);
    await expect(setLogo(admin as never, { variant: "light", imageId: null, version: Number(seen) })).rejects.toMatchObject({
      kind: "conflict",
    });
  });

  test("Only admins may see or change the logo: other staff and clients are refused", async () => {
    expect((await call(logoRoute.loader as never, PAGE, { cookie: sales.cookie })).status).toBe(403);
    expect(
      (await post(sales, "light", [await files.png(20, 20), "logo.png"], { intent: "upload-light", alt: "x", version: "0" })).status,
    ).toBe(403);
    const client = await signUp(`client-${Date.now()}@example.com`);
    expect(
      (await post(client, "light", [await files.png(20, 20), "logo.png"], { intent: "upload-light", alt: "x", version: "0" })).status,
    ).toBe(403);
    expect((await readBrand(db())).value.logo.light).toBeNull();
  });
});
