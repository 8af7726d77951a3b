import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as serviceRoute from "~/routes/marketing/service";
import * as siteRoute from "~/routes/console/site";
import * as siteEditRoute from "~/routes/console/site-edit";
import * as siteListRoute from "~/routes/console/site-list";
import * as siteNewRoute from "~/routes/console/site-new";
import * as sitePreviewRoute from "~/routes/console/site-preview";
import { caseStudies } from "~/content/cases";
import { serviceDetails } from "~/content/service-details.server";
import { services } from "~/content/services";
import { contentType, type ContentData } from "~/lib/site-content";
import { db } from "~/server/db/db.server";
import { seedItems, seedSiteContent } from "~/server/db/site-seed.server";
import { findSiteItem, listSiteVersions } from "~/server/models/site/content.server";
import { publishedCaseStudies, publishedServicePage, publishedServices } from "~/server/models/site/pages.server";
import { signInStaff, signUp } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call, type Form, type Outcome } from "../helpers/routes";

const BASE = "/employee-dashboard/site";
const services$ = contentType("services")!;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The editor's fields for a service, as a browser posts them. */
function serviceForm(data: ContentData, lockVersion: number, extra: Form = {}): Form {
  const form: Form = { intent: "save", lockVersion: String(lockVersion) };
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === "boolean") {
      if (value) form[key] = "on";
    } else form[key] = Array.isArray(value) ? value.join("\n") : String(value);
  }
  return { ...form, ...extra };
}

function fieldErrors(outcome: Outcome): Record<string, string[]> | undefined {
  return (outcome.data?.result as { error?: Record<string, string[]> } | undefined)?.error;
}

async function item(id: string) {
  return (await findSiteItem(services$, id))!;
}

describe.each(testDatabases("site-content"))("Site content on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: string;
  let sales: string;
  let recruiter: string;
  let client: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    admin = (await signInStaff("admin@indigokite.dev", { name: "Asha Admin" })).cookie;
    sales = (await signInStaff("sales@indigokite.dev", { name: "Sam Sales", staffRole: "sales" })).cookie;
    recruiter = (await signInStaff("recruiter@indigokite.dev", { staffRole: "recruiter" })).cookie;
    client = (await signUp("carol@example.com", "Carol")).cookie;
  }, 60_000);
  afterAll(async () => cleanup());

  test("The migration publishes today's services and case studies as version 1, exactly as the code held them", async () => {
    expect(await publishedServices()).toEqual(services);
    expect(await publishedCaseStudies()).toEqual(caseStudies);
    for (const s of services) {
      const page = (await publishedServicePage(s.slug))!;
      expect(page.detailsHtml).toBe(serviceDetails[s.slug]!.map((p) => `<p>${escapeHtml(p)}</p>\n`).join(""));
    }
    const versions = await listSiteVersions("service-saas");
    expect(versions).toMatchObject([{ number: 1, createdBy: null }]);
    expect(versions[0]!.publishedAt).not.toBeNull();
  });

  test("Seeding again, as a second instance would, adds nothing", async () => {
    expect(await seedSiteContent(db())).toBe(0);
    expect(await db().selectFrom("siteVersions").select("id").execute()).toHaveLength(seedItems().length);
  });

  test("A saved draft stays private until published; publishing shows it, drops the cache and is audited", async () => {
    const before = await item("service-crm");
    const draft = {
      ...before.draft,
      title: "CRM Platforms",
      details: "First paragraph.\n\nSecond with **bold** and a [link](https://example.com).",
    };
    const saved = await call(siteEditRoute.action, `${BASE}/services/service-crm`, {
      cookie: sales,
      params: { type: "services", id: "service-crm" },
      form: serviceForm(draft, before.lockVersion),
    });
    expect(saved.data).toMatchObject({ status: "success" });
    expect((await publishedServicePage("crm"))!.title).toBe("CRM Solutions");

    const preview = await call(sitePreviewRoute.loader, `/site-preview/services/service-crm`, {
      cookie: sales,
      params: { type: "services", id: "service-crm" },
    });
    expect(preview.data?.service).toMatchObject({ title: "CRM Platforms" });
    expect((preview.data?.service as { detailsHtml: string }).detailsHtml).toContain(
      '<strong>bold</strong> and a <a href="https://example.com">link</a>',
    );

    const events = recordEvents();
    const published = await call(siteEditRoute.action, `${BASE}/services/service-crm`, {
      cookie: sales,
      params: { type: "services", id: "service-crm" },
      form: { intent: "publish", lockVersion: String((await item("service-crm")).lockVersion) },
    });
    events.stop();
    expect(published.data).toMatchObject({ status: "success" });
    expect(events.seen).toContainEqual({ type: "site.changed" });
    expect((await publishedServicePage("crm"))!.title).toBe("CRM Platforms");
    const audit = await db().selectFrom("auditLog").select(["action", "actorEmail"]).where("entityId", "=", "service-crm").execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["site.publish", "site.save"]);
    expect(audit.every((a) => a.actorEmail === "sales@indigokite.dev")).toBe(true);
  });

  test("Two editors saving the same item: the second is told who changed it and keeps their text; nothing is lost", async () => {
    const start = await item("service-dapps");
    const first = await call(siteEditRoute.action, `${BASE}/services/service-dapps`, {
      cookie: admin,
      params: { type: "services", id: "service-dapps" },
      form: serviceForm({ ...start.draft, desc: "Admin's words." }, start.lockVersion),
    });
    expect(first.data).toMatchObject({ status: "success" });
    const second = await call(siteEditRoute.action, `${BASE}/services/service-dapps`, {
      cookie: sales,
      params: { type: "services", id: "service-dapps" },
      form: serviceForm({ ...start.draft, desc: "Sales's words." }, start.lockVersion),
    });
    expect(second.status).toBe(409);
    expect(second.data?.message).toMatch(/^Changed by Asha Admin at .+; your text is kept below/);
    expect(JSON.stringify(second.data?.result)).toContain("Sales's words.");
    expect((await item("service-dapps")).draft.desc).toBe("Admin's words.");
  });

  test("A changed slug answers 301 from the old address; reserved and taken slugs are refused in place", async () => {
    for (const [slug, message] of [
      ["login", /taken by the site itself/],
      ["employee-dashboard", /taken by the site itself/],
      ["saas", /already uses the slug/],
      ["Not A Slug", /lower-case letters/],
    ] as const) {
      const current = await item("service-blockchain");
      const refused = await call(siteEditRoute.action, `${BASE}/services/service-blockchain`, {
        cookie: admin,
        params: { type: "services", id: "service-blockchain" },
        form: serviceForm({ ...current.draft, slug }, current.lockVersion),
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(fieldErrors(refused))).toMatch(message);
      expect((await item("service-blockchain")).lockVersion).toBe(current.lockVersion);
    }
    const current = await item("service-blockchain");
    await call(siteEditRoute.action, `${BASE}/services/service-blockchain`, {
      cookie: admin,
      params: { type: "services", id: "service-blockchain" },
      form: serviceForm({ ...current.draft, slug: "blockchain-solutions" }, current.lockVersion),
    });
    await call(siteEditRoute.action, `${BASE}/services/service-blockchain`, {
      cookie: admin,
      params: { type: "services", id: "service-blockchain" },
      form: { intent: "publish", lockVersion: String((await item("service-blockchain")).lockVersion) },
    });
    const old = await call(serviceRoute.loader, "/service/blockchain", { params: { slug: "blockchain" } });
    expect(old.status).toBe(301);
    expect(old.location).toBe("/service/blockchain-solutions");
    const fresh = await call(serviceRoute.loader, "/service/blockchain-solutions", { params: { slug: "blockchain-solutions" } });
    expect(fresh.data?.service).toMatchObject({ title: "Blockchain Solutions" });
    const unknown = await call(serviceRoute.loader, "/service/nothing-here", { params: { slug: "nothing-here" } });
    expect(unknown.status).toBe(404);
  });

  test("Markdown linking to javascript:, data: or vbscript: is refused with the reason, however it is written", async () => {
    for (const details of [
      "[click](javascript:alert(1))",
      "[click](JavaScript:alert(1))",
      "[click](java&#115;cript:alert(1))",
      "<vbscript:msgbox(1)>",
      "[click][x]\n\n[x]: data:text/html;base64,PHNjcmlwdD4=",
      "![img](data:image/svg+xml;base64,PHN2Zz4=)",
    ]) {
      const current = await item("service-saas");
      const refused = await call(siteEditRoute.action, `${BASE}/services/service-saas`, {
        cookie: admin,
        params: { type: "services", id: "service-saas" },
        form: serviceForm({ ...current.draft, details }, current.lockVersion),
      });
      expect(refused.status, details).toBe(400);
      expect(JSON.stringify(fieldErrors(refused))).toContain("Links to javascript:, data: or vbscript: addresses are not allowed.");
      expect((await item("service-saas")).draft.details).toBe(current.draft.details);
    }
    // Raw HTML is text, never markup.
    const current = await item("service-saas");
    await call(siteEditRoute.action, `${BASE}/services/service-saas`, {
      cookie: admin,
      params: { type: "services", id: "service-saas" },
      form: serviceForm({ ...current.draft, details: '<img src=x onerror="alert(1)"> hello' }, current.lockVersion),
    });
    const preview = await call(sitePreviewRoute.loader, `/site-preview/services/service-saas`, {
      cookie: admin,
      params: { type: "services", id: "service-saas" },
    });
    expect((preview.data?.service as { detailsHtml: string }).detailsHtml).toBe(
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; hello</p>\n",
    );
  });

  test("An empty required field is refused beside it, and nothing is saved", async () => {
    const current = await item("service-ios-apps");
    const refused = await call(siteEditRoute.action, `${BASE}/services/service-ios-apps`, {
      cookie: admin,
      params: { type: "services", id: "service-ios-apps" },
      form: serviceForm({ ...current.draft, title: "  ", desc: "" }, current.lockVersion),
    });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused)).toMatchObject({ title: ["Title is required."], desc: ["Short description is required."] });
    expect((await listSiteVersions("service-ios-apps")).length).toBe(1);
  });

  test("An optional field emptied is saved empty, whether its input is sent blank or left out", async () => {
    const intros$ = contentType("intros")!;
    for (const leftOut of [false, true]) {
      const current = (await findSiteItem(intros$, "intros"))!;
      const form = serviceForm({ ...current.draft, cases: "" }, current.lockVersion);
      if (leftOut) delete form.cases;
      const saved = await call(siteEditRoute.action, `${BASE}/intros/intros`, {
        cookie: admin,
        params: { type: "intros", id: "intros" },
        form,
      });
      expect(fieldErrors(saved)).toBeUndefined();
      // The second post changes nothing: the first already emptied it.
      expect(saved.data?.status).toBe(leftOut ? "unchanged" : "success");
      expect((await findSiteItem(intros$, "intros"))!.draft.cases).toBe("");
    }
  });

  test("Restoring an old version makes it the draft; publishing it puts the old text back", async () => {
    const start = await item("service-crm");
    expect(start.draft.title).toBe("CRM Platforms");
    const restored = await call(siteEditRoute.action, `${BASE}/services/service-crm`, {
      cookie: admin,
      params: { type: "services", id: "service-crm" },
      form: { intent: "restore", version: "1", lockVersion: String(start.lockVersion) },
    });
    expect(restored.data).toMatchObject({ status: "success" });
    expect((await item("service-crm")).draft.title).toBe("CRM Solutions");
    expect((await publishedServicePage("crm"))!.title).toBe("CRM Platforms");
    await call(siteEditRoute.action, `${BASE}/services/service-crm`, {
      cookie: admin,
      params: { type: "services", id: "service-crm" },
      form: { intent: "publish", lockVersion: String((await item("service-crm")).lockVersion) },
    });
    expect((await publishedServicePage("crm"))!.title).toBe("CRM Solutions");
    const versions = await listSiteVersions("service-crm");
    expect(versions[0]).toMatchObject({ number: 3, restoredFrom: 1, createdBy: "Asha Admin" });
  });

  test("A new case study is a private draft until published", async () => {
    const created = await call(siteNewRoute.action, `${BASE}/cases/new`, {
      cookie: sales,
      params: { type: "cases" },
      form: {
        intent: "save",
        lockVersion: "0",
        title: "Clinic Booking",
        subtitle: "Appointments for a chain of clinics",
        description: "Patients book in two taps.",
        technologies: "React\nNode.js",
        features: "Online booking\nReminders",
        result: "Half the no-shows.",
        img: "/images/cases/ecommerce-suite.svg",
        order: "5",
        visible: "on",
      },
    });
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0]!;
    expect((await publishedCaseStudies()).map((c) => c.title)).not.toContain("Clinic Booking");
    const cases$ = contentType("cases")!;
    await call(siteEditRoute.action, `${BASE}/cases/${id}`, {
      cookie: sales,
      params: { type: "cases", id },
      form: { intent: "publish", lockVersion: String((await findSiteItem(cases$, id))!.lockVersion) },
    });
    expect((await publishedCaseStudies()).at(-1)).toMatchObject({ title: "Clinic Booking", technologies: ["React", "Node.js"] });
  });

  test("Deleting an item needs the confirmation box; then its page and old addresses answer 404", async () => {
    const current = await item("service-game-development");
    const path = `${BASE}/services/service-game-development`;
    const params = { type: "services", id: "service-game-development" };
    const unconfirmed = await call(siteEditRoute.action, path, {
      cookie: admin,
      params,
      form: { intent: "delete", lockVersion: String(current.lockVersion) },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await publishedServicePage("game-development")).toBeDefined();
    const deleted = await call(siteEditRoute.action, path, {
      cookie: admin,
      params,
      form: { intent: "delete", confirm: "yes", lockVersion: String(current.lockVersion) },
    });
    expect(deleted.status).toBe(302);
    expect(await publishedServicePage("game-development")).toBeUndefined();
    expect((await call(serviceRoute.loader, "/service/game-development", { params: { slug: "game-development" } })).status).toBe(404);
  });

  test("Only admin and sales reach the Site screens; clients and other staff are refused", async () => {
    for (const cookie of [admin, sales]) {
      expect((await call(siteListRoute.loader, `${BASE}/services`, { cookie, params: { type: "services" } })).status).toBe(200);
    }
    for (const cookie of [recruiter, client]) {
      expect((await call(siteListRoute.loader, `${BASE}/services`, { cookie, params: { type: "services" } })).status).toBe(403);
      expect(
        (
          await call(sitePreviewRoute.loader, `/site-preview/services/service-saas`, {
            cookie,
            params: { type: "services", id: "service-saas" },
          })
        ).status,
      ).toBe(403);
    }
    expect((await call(siteListRoute.loader, `${BASE}/nope`, { cookie: admin, params: { type: "nope" } })).status).toBe(404);
  });

  test("Start from an empty site is admin only, needs the confirmation, and removes the demo content for good", async () => {
    const bySales = await call(siteRoute.action, BASE, { cookie: sales, form: { intent: "start-empty", confirm: "yes" } });
    expect(bySales.status).toBe(403);
    const unconfirmed = await call(siteRoute.action, BASE, { cookie: admin, form: { intent: "start-empty" } });
    expect(unconfirmed.status).toBe(400);
    // Nine seeded, one deleted above.
    expect(await publishedServices()).toHaveLength(services.length - 1);

    await db()
      .insertInto("testimonials")
      .values({ id: "demo-1", review: "r", name: "n", category: "c", status: "visible", sortOrder: 0, createdAt: 1, updatedAt: 1 })
      .execute();
    const emptied = await call(siteRoute.action, BASE, { cookie: admin, form: { intent: "start-empty", confirm: "yes" } });
    expect(emptied.data).toMatchObject({ status: "success" });
    expect(await publishedServices()).toEqual([]);
    // The staff-added case study stays.
    expect((await publishedCaseStudies()).map((c) => c.title)).toEqual(["Clinic Booking"]);
    expect(await db().selectFrom("testimonials").select("id").execute()).toEqual([]);
    const list = await call(siteListRoute.loader, `${BASE}/services`, { cookie: admin, params: { type: "services" } });
    expect(list.data?.items).toEqual([]);
  });
});
