import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HomeView } from "~/components/site/home-view";
import type { HomeContent, HomePageContent } from "~/lib/site-views";
import * as homeRoute from "~/routes/marketing/home";
import * as serviceRoute from "~/routes/marketing/service";
import * as siteEditRoute from "~/routes/console/site-edit";
import { IMAGE_MAX_BYTES } from "~/lib/images";
import { contentType, type ContentData } from "~/lib/site-content";
import { db } from "~/server/db/db.server";
import { getImage } from "~/server/images/images.server";
import { findSiteItem } from "~/server/models/site/content.server";
import { html } from "../fixtures/make-files";
import * as files from "../fixtures/project-files";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

// Console → Site: an editor uploads an image for a service's image field (multipart, through
// app/server/images); the draft holds "media:<id>" and the public page shows it as <picture>.

const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };
const services$ = contentType("services")!;
const ID = "service-saas";
const PAGE = `/employee-dashboard/site/services/${ID}`;

async function item() {
  return (await findSiteItem(services$, ID))!;
}

/** The editor's multipart post: its fields as typed, and the chosen file. */
async function post(
  who: TestUser,
  fields: Record<string, string>,
  file: [Buffer, string] | null,
  target: { type: string; id: string } = { type: "services", id: ID },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file ? new File([new Uint8Array(file[0])], file[1]) : new File([], ""));
  const request = new Request(`http://localhost/employee-dashboard/site/${target.type}/${target.id}`, {
    method: "POST",
    body: form,
    headers: { ...SAME_ORIGIN, Cookie: who.cookie },
  });
  const answer = (await siteEditRoute.action({
    request,
    params: target,
    context: { clientIp: "203.0.113.9" },
  } as never)) as {
    data?: unknown;
    init?: { status?: number };
  };
  return {
    status: answer.init?.status ?? 200,
    data: answer.data as {
      status: string;
      message?: string;
      result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
    },
  };
}

function typed(data: ContentData, lockVersion: number, extra: Record<string, string> = {}): Record<string, string> {
  const form: Record<string, string> = { intent: "save", lockVersion: String(lockVersion) };
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === "boolean") {
      if (value) form[key] = "on";
    } else form[key] = Array.isArray(value) ? value.join("\n") : String(value);
  }
  return { ...form, ...extra };
}

describe.each(testDatabases("site-images"))("Uploaded site images on $name", (database) => {
  let cleanup: () => Promise<void>;
  let editor: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    editor = await signInStaff("sam@indigokite.dev", { staffRole: "sales" });
  }, 60_000);
  afterAll(async () => cleanup());

  test("An editor uploads a PNG for a service: the draft holds media:<id>, and once published the page shows a <picture> of /media variants", async () => {
    const before = await item();
    const images = (await db().selectFrom("images").select("id").execute()).length;
    const saved = await post(editor, typed(before.draft, before.lockVersion, { title: "SaaS Platforms", alt: "A dashboard on a laptop" }), [
      await files.png(1000, 500),
      "saas.png",
    ]);
    expect(saved).toMatchObject({ status: 200, data: { status: "success" } });
    const draft = (await item()).draft;
    expect(draft.title).toBe("SaaS Platforms");
    const id = /^media:([0-9a-f-]{36})$/.exec(String(draft.img))?.[1];
    expect(id).toBeDefined();
    expect(await getImage(id!)).toEqual({ id, width: 1000, height: 500, alt: "A dashboard on a laptop" });
    expect(await db().selectFrom("images").select("id").execute()).toHaveLength(images + 1);
    // The form is answered with the stored value, so a second save keeps the new image.
    expect(saved.data.result?.initialValue?.img).toBe(`media:${id}`);

    // Still private: the public page shows the seeded art until the draft is published.
    const privateView = await call(serviceRoute.loader, "/service/saas", { params: { slug: "saas" } });
    expect((privateView.data?.service as { img: string }).img).toBe("/images/services/saas.svg");

    const published = await call(siteEditRoute.action, PAGE, {
      cookie: editor.cookie,
      params: { type: "services", id: ID },
      form: { intent: "publish", lockVersion: String((await item()).lockVersion) },
    });
    expect(published.data).toMatchObject({ status: "success" });
    const page = await call(serviceRoute.loader, "/service/saas", { params: { slug: "saas" } });
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <serviceRoute.default
          {...({ loaderData: page.data, params: { slug: "saas" }, matches: [] } as unknown as Parameters<typeof serviceRoute.default>[0])}
        />
      </MemoryRouter>,
    );
    expect(markup).toContain("<picture>");
    expect(markup).toContain(
      `srcSet="/media/${id}-320.avif 320w, /media/${id}-640.avif 640w, /media/${id}-960.avif 960w, /media/${id}-1000.avif 1000w"`,
    );
    expect(markup).toContain(`src="/media/${id}-1000.webp" alt="A dashboard on a laptop" width="1000" height="500"`);
    expect(markup).toContain('sizes="(min-width: 1024px) 50vw, 100vw"');
    expect(markup).not.toContain("/images/services/saas.svg");
  });

  test("An editor gives the home page its own hero image: once published, the home page shows it in place of the built-in illustration", async () => {
    const home$ = contentType("home")!;
    const home = (await findSiteItem(home$, "home"))!;
    const before = await call(homeRoute.loader, "/");
    expect((before.data?.home as HomeContent).hero).not.toHaveProperty("picture");
    const saved = await post(
      editor,
      typed(home.draft, home.lockVersion, { alt: "Our studio at work" }),
      [await files.png(900, 700), "hero.png"],
      {
        type: "home",
        id: "home",
      },
    );
    expect(saved).toMatchObject({ status: 200, data: { status: "success" } });
    const id = /^media:([0-9a-f-]{36})$/.exec(String((await findSiteItem(home$, "home"))!.draft.heroImage))?.[1];
    expect(id).toBeDefined();
    const published = await call(siteEditRoute.action, "/employee-dashboard/site/home/home", {
      cookie: editor.cookie,
      params: { type: "home", id: "home" },
      form: { intent: "publish", lockVersion: String((await findSiteItem(home$, "home"))!.lockVersion) },
    });
    expect(published.data).toMatchObject({ status: "success" });
    const after = await call(homeRoute.loader, "/");
    const hero = (after.data?.home as HomeContent).hero;
    expect(hero.picture).toEqual({ id, width: 900, height: 700, alt: "Our studio at work" });
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <HomeView content={after.data as unknown as HomePageContent} testimonials={[]} />
      </MemoryRouter>,
    );
    expect(markup).toContain(`src="/media/${id}-900.webp" alt="Our studio at work" width="900" height="700"`);
    expect(markup).not.toContain("/images/hero.svg");
  });

  test("A non-image is refused beside the file input with its reason; the draft is unchanged and the typed text comes back", async () => {
    const before = await item();
    const images = (await db().selectFrom("images").select("id").execute()).length;
    const refused = await post(editor, typed(before.draft, before.lockVersion, { title: "Typed but not saved", alt: "Nothing" }), [
      html(),
      "picture.png",
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data.status).toBe("invalid");
    expect(refused.data.result?.error?.file?.[0]).toMatch(/picture\.png/);
    expect(refused.data.result?.initialValue?.title).toBe("Typed but not saved");
    const after = await item();
    expect(after.draft).toEqual(before.draft);
    expect(after.lockVersion).toBe(before.lockVersion);
    expect(await db().selectFrom("images").select("id").execute()).toHaveLength(images);
  });

  test("An upload without alt text is refused beside the alt input, and nothing is stored", async () => {
    const before = await item();
    const refused = await post(editor, typed(before.draft, before.lockVersion, { alt: " " }), [await files.png(64, 64), "x.png"]);
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.alt?.[0]).toMatch(/alt text/);
    expect((await item()).draft).toEqual(before.draft);
  });

  test("A save without a file keeps the image as it is; a media value naming no stored image is refused", async () => {
    const before = await item();
    const kept = await post(editor, typed(before.draft, before.lockVersion, { desc: "Changed words only." }), null);
    expect(kept.data.status).toBe("success");
    expect((await item()).draft.img).toBe(before.draft.img);
    const now = await item();
    const forged = await post(editor, typed(now.draft, now.lockVersion, { img: "media:00000000-0000-4000-8000-000000000000" }), null);
    expect(forged.status).toBe(400);
    expect(forged.data.result?.error?.file?.[0]).toMatch(/no longer stored/);
    expect((await item()).draft.img).toBe(before.draft.img);
  });

  test("A file too large is refused while it streams, beside the file input, with every typed field back (the file is posted last)", async () => {
    const before = await item();
    const fields = typed(before.draft, before.lockVersion, { title: "Kept while refused", alt: "Big" });
    const refused = await post(editor, fields, [Buffer.alloc(IMAGE_MAX_BYTES + 10), "huge.png"]);
    expect(refused.status).toBe(400);
    expect(refused.data.result?.error?.file?.[0]).toMatch(/huge\.png/);
    expect(refused.data.result?.initialValue).toMatchObject({ title: "Kept while refused", visible: "on", order: fields.order });
    expect((await item()).draft).toEqual(before.draft);
  });
});
