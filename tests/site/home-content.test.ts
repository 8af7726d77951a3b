import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as homeRoute from "~/routes/marketing/home";
import * as siteEditRoute from "~/routes/console/site-edit";
import * as sitePreviewRoute from "~/routes/console/site-preview";
import { collaboration, faqs, hero, processSteps, stats } from "~/content/home";
import { leadership } from "~/content/leadership";
import { clientLogos } from "~/content/logos";
import { services } from "~/content/services";
import { contentType } from "~/lib/site-content";
import { findSiteItem } from "~/server/models/site/content.server";
import { pageDescription, pageIntros, publishedAbout, publishedHomePage } from "~/server/models/site/pages.server";
import { DEMO_DESCRIPTIONS } from "~/lib/page-descriptions";
import { about } from "~/content/about";
import { signInStaff } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call, type Outcome } from "../helpers/routes";

const errorsOf = (outcome: Outcome) => (outcome.data?.result as { error?: Record<string, string[]> } | undefined)?.error;

describe.each(testDatabases("home-content"))("The home page as site content on $name", (database) => {
  let cleanup: () => Promise<void>;
  let sales: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    await signInStaff("admin@indigokite.dev");
    sales = (await signInStaff("sales@indigokite.dev", { staffRole: "sales" })).cookie;
  }, 30_000);
  afterAll(async () => cleanup());

  test("The seed gives the home page exactly today's hero, figures, steps, collaboration, leadership, logos and FAQ", async () => {
    const content = await publishedHomePage();
    expect(content.home).toEqual({
      hero,
      primaryCta: "Get a Free Quote",
      secondaryCta: "Explore Services",
      stats,
      processSteps,
      collaboration: { ...collaboration, cta: "Start a Project" },
    });
    expect(content.services).toEqual(services);
    expect(content.leadership).toEqual(leadership.map((l) => ({ ...l, id: `leader-${l.id}` })));
    expect(content.logos).toEqual(clientLogos);
    expect(content.faqs).toEqual(faqs);
    expect(content.servicesIntro).toBe("Nine practices, one team: pick the one you need or combine them into a complete product.");
    expect(await pageIntros()).toEqual({
      homeServices: content.servicesIntro,
      services: "From a first prototype to a platform serving thousands, one team designs, builds and supports it.",
      cases: "Two products, two very different audiences, and measurable results for both.",
    });
    const page = await call(homeRoute.loader, "/");
    expect(page.data).toMatchObject({ home: content.home, faqs });
  });

  test("Each public page's meta description is site content: today's text first, an editor's once published", async () => {
    expect((await call(homeRoute.loader, "/")).data).toMatchObject({ description: DEMO_DESCRIPTIONS.home });
    expect(DEMO_DESCRIPTIONS.home).toContain("Indigo Kite Technologies");
    const item = (await findSiteItem(contentType("descriptions")!, "descriptions"))!;
    const fields = { ...DEMO_DESCRIPTIONS, title: "Search and sharing descriptions", home: "Northwind builds apps in Lisbon." };
    const path = "/employee-dashboard/site/descriptions/descriptions";
    const params = { type: "descriptions", id: "descriptions" };
    const empty = await call(siteEditRoute.action, path, {
      cookie: sales,
      params,
      form: { intent: "save", lockVersion: String(item.lockVersion), ...fields, about: "" },
    });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty)?.about).toBeDefined();
    const saved = await call(siteEditRoute.action, path, {
      cookie: sales,
      params,
      form: { intent: "save", lockVersion: String(item.lockVersion), ...fields },
    });
    expect(saved.data).toMatchObject({ status: "success" });
    // A draft changes nothing public until it is published.
    expect(await pageDescription("home")).toBe(DEMO_DESCRIPTIONS.home);
    const draft = (await findSiteItem(contentType("descriptions")!, "descriptions"))!;
    await call(siteEditRoute.action, path, { cookie: sales, params, form: { intent: "publish", lockVersion: String(draft.lockVersion) } });
    expect((await call(homeRoute.loader, "/")).data).toMatchObject({ description: "Northwind builds apps in Lisbon." });
    expect(await pageDescription("about")).toBe(DEMO_DESCRIPTIONS.about);
  });

  test("/about shows today's paragraphs, principles and countries", async () => {
    const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escapeHtml(p)}</p>\n`).join("");
    expect(await publishedAbout()).toEqual({
      intro: html(about.intro),
      crossPlatform: html(about.crossPlatform),
      ongoingSupport: html(about.ongoingSupport),
      principles: about.principles,
      countries: about.countries,
    });
  });

  test("A figure line without its | is refused beside the field; a leadership draft previews on the whole home page before it is published", async () => {
    const home = (await findSiteItem(contentType("home")!, "home"))!;
    const refused = await call(siteEditRoute.action, "/employee-dashboard/site/home/home", {
      cookie: sales,
      params: { type: "home", id: "home" },
      form: {
        intent: "save",
        lockVersion: String(home.lockVersion),
        headline: "New headline",
        tagline: "t",
        primaryCta: "a",
        secondaryCta: "b",
        stats: "120+ Projects delivered",
        processSteps: "",
        collaborationHeading: "h",
        collaborationBody: "b",
        collaborationCta: "c",
      },
    });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)?.["stats[0]"] ?? errorsOf(refused)?.stats).toEqual([
      "Write each line of At a glance as two parts with a | between them.",
    ]);

    const def = contentType("leadership")!;
    const ceo = (await findSiteItem(def, "leader-ceo"))!;
    await call(siteEditRoute.action, "/employee-dashboard/site/leadership/leader-ceo", {
      cookie: sales,
      params: { type: "leadership", id: "leader-ceo" },
      form: {
        intent: "save",
        lockVersion: String(ceo.lockVersion),
        name: "Arjun Mehta",
        title: "CEO",
        quote: "Ship it well.",
        image: "/images/leadership/ceo.svg",
        order: "0",
        visible: "on",
      },
    });
    const preview = await call(sitePreviewRoute.loader, "/site-preview/leadership/leader-ceo", {
      cookie: sales,
      params: { type: "leadership", id: "leader-ceo" },
    });
    const shown = preview.data?.home as { content: { leadership: { quote: string }[]; faqs: unknown[] } };
    expect(shown.content.leadership.map((l) => l.quote)).toEqual(["Ship it well.", leadership[1]!.quote]);
    expect(shown.content.faqs).toEqual(faqs);
    expect((await publishedHomePage()).leadership[0]!.quote).toBe(leadership[0]!.quote);
  });
});
