import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as privacyRoute from "~/routes/marketing/privacy";
import * as termsRoute from "~/routes/marketing/terms";
import * as siteEditRoute from "~/routes/console/site-edit";
import * as siteNewRoute from "~/routes/console/site-new";
import { privacy, terms, type LegalSection } from "~/content/legal";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { contentType } from "~/lib/site-content";
import { db } from "~/server/db/db.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { findSiteItem } from "~/server/models/site/content.server";
import { publishedLegalPage, publishedPrivacyVersion } from "~/server/models/site/pages.server";
import { signInStaff } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";

const legal = contentType("legal")!;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const asHtml = (sections: LegalSection[]) =>
  sections.map((s) => [`<h2>${escapeHtml(s.heading)}</h2>\n`, ...s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>\n`)].join("")).join("");

const quote = () => ({
  name: "Priya Shah",
  email: "priya@example.com",
  phone: "+91 98200 12345",
  country: "India",
  requirement: "An app for our clinics.",
  consent: CURRENT_CONSENT_VERSION,
});

describe.each(testDatabases("legal-content"))("Legal pages as versioned content on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example" }));
    admin = (await signInStaff("admin@indigokite.dev", { name: "Asha Admin" })).cookie;
  }, 30_000);
  afterAll(async () => cleanup());

  test("/terms and /privacy show today's texts, section by section, as version 1", async () => {
    const t = await call(termsRoute.loader, "/terms");
    expect(t.data?.page).toMatchObject({ title: "Terms and Conditions", updated: terms.updated, version: 1, html: asHtml(terms.sections) });
    const p = await call(privacyRoute.loader, "/privacy");
    expect(p.data?.page).toMatchObject({ title: "Privacy Policy", updated: privacy.updated, version: 1, html: asHtml(privacy.sections) });
  });

  test("A quote records the privacy version it was sent under; a newer privacy version does not change it", async () => {
    const first = await submitQuote(quote(), { confirm: false });
    expect(first.privacyVersion).toBe(1);

    const item = (await findSiteItem(legal, "privacy"))!;
    const path = "/employee-dashboard/site/legal/privacy";
    const params = { type: "legal", id: "privacy" };
    const body = `${String(item.draft.body)}\n\n## 11. A new section\n\nWe added this.`;
    const saved = await call(siteEditRoute.action, path, {
      cookie: admin,
      params,
      form: { intent: "save", lockVersion: String(item.lockVersion), title: "Privacy Policy", updated: "28 November 2026", body },
    });
    expect(saved.data).toMatchObject({ status: "success" });
    await call(siteEditRoute.action, path, {
      cookie: admin,
      params,
      form: { intent: "publish", lockVersion: String((await findSiteItem(legal, "privacy"))!.lockVersion) },
    });
    expect(await publishedPrivacyVersion()).toBe(2);
    expect((await publishedLegalPage("privacy"))!.html).toContain("<h2>11. A new section</h2>");
    // The slugless legal page keeps its path.
    expect((await db().selectFrom("siteItems").select("slug").where("id", "=", "privacy").executeTakeFirstOrThrow()).slug).toBe("privacy");

    const second = await submitQuote(quote(), { confirm: false });
    expect(second.privacyVersion).toBe(2);
    const stored = await db().selectFrom("quotes").select(["id", "privacyVersion"]).where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(stored.privacyVersion).toBe(1);
  });

  test("Legal pages are a fixed set: no new one, none deleted", async () => {
    const created = await call(siteNewRoute.loader, "/employee-dashboard/site/legal/new", { cookie: admin, params: { type: "legal" } });
    expect(created.status).toBe(404);
    const item = (await findSiteItem(legal, "terms"))!;
    const deleted = await call(siteEditRoute.action, "/employee-dashboard/site/legal/terms", {
      cookie: admin,
      params: { type: "legal", id: "terms" },
      form: { intent: "delete", confirm: "yes", lockVersion: String(item.lockVersion) },
    });
    expect(deleted.status).toBe(403);
    expect(await findSiteItem(legal, "terms")).toBeDefined();
  });
});
