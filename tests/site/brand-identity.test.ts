import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEMO_BRAND } from "~/lib/brand";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import * as confirmRoute from "~/routes/account/confirm";
import * as passkeyNewRoute from "~/routes/account/passkey-new";
import * as brandRoute from "~/routes/console/brand";
import { startEnrolment } from "~/server/auth/second-factor.server";
import { forgetBrand, readBrand } from "~/server/brand/brand.server";
import { db } from "~/server/db/db.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { saveBrand } from "~/server/models/site/brand.server";
import { signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { buildRequest, call } from "../helpers/routes";

// Where the brand shows outside pages: the authenticator app's issuer, the passkey prompt, mails,
// and the Brand page's own saves (a stale form is refused and keeps what was typed).

const APP_URL = "http://localhost:3000";
const SAME_ORIGIN = { Origin: APP_URL, Host: "localhost:3000" };
const HERON = { ...DEMO_BRAND, name: "Heron Works Studio", shortName: "Heron Works", legalName: "Heron Works Ltd" };

describe.each(testDatabases("brand-identity"))("The brand outside pages on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    forgetBrand();
    admin = await signInStaff("ada-brand@indigokite.dev", { name: "Ada" });
    client = await signUp("tess-brand@example.com", "Tess");
    await saveBrand({ id: admin.id, email: admin.email, name: "Ada" }, HERON, 0);
  });
  afterAll(async () => {
    forgetBrand();
    await cleanup();
  });
  beforeEach(() => db().deleteFrom("mailOutbox").execute());

  test("The authenticator app lists the account under the brand's short name", async () => {
    const started = await startEnrolment(buildRequest(`${APP_URL}/account/two-factor`, { cookie: client.cookie }), TEST_PASSWORD);
    if (!started.ok) throw new Error(started.message);
    expect(new URL(started.uri).searchParams.get("issuer")).toBe("Heron Works");
    expect(decodeURIComponent(new URL(started.uri).pathname)).toContain("Heron Works:");
  });

  test("The passkey prompt names the brand", async () => {
    const confirmed = await call(confirmRoute.action, "/account/confirm", { cookie: client.cookie, form: { password: TEST_PASSWORD } });
    expect(confirmed.status).toBe(302);
    const outcome = await call(passkeyNewRoute.action, "/account/passkeys/new", {
      cookie: client.cookie,
      form: { intent: "options", name: "Laptop" },
    });
    expect(outcome.status).toBe(200);
    const body = (await outcome.response!.json()) as { options: { rp: { name: string } } };
    expect(body.options.rp.name).toBe("Heron Works");
  });

  test("Mails queued inside a write name the brand, in the text and the HTML", async () => {
    await submitQuote({
      name: "Lead",
      email: "lead-brand@example.com",
      phone: "+91 98200 12345",
      country: "India",
      requirement: "An app",
      consent: CURRENT_CONSENT_VERSION,
    });
    const mails = await db().selectFrom("mailOutbox").select(["subject", "textBody", "htmlBody"]).execute();
    const confirmation = mails.find((m) => m.subject === "We received your request - Heron Works Studio");
    expect(confirmation?.textBody).toContain("Thank you for your interest in Heron Works Studio.");
    expect(confirmation?.htmlBody).toContain("Heron Works Studio");
    for (const mail of mails) expect(`${mail.subject}${mail.textBody}${mail.htmlBody}`).not.toContain("Indigo Kite");
  });

  test("A save from a form loaded before someone else's save is refused, keeps what was typed and changes nothing", async () => {
    const before = await readBrand();
    const form = {
      intent: "save-brand",
      version: String(before.version - 1),
      name: "Typed By Someone",
      shortName: "Typed",
      legalName: "Typed Ltd",
      domain: "typed.test",
      primaryColor: "#0f766e",
    };
    const stale = await call(brandRoute.action, "/employee-dashboard/settings/brand", { cookie: admin.cookie, form, headers: SAME_ORIGIN });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ intent: "save-brand", status: "error" });
    expect(stale.data?.message).toMatch(/^Someone else saved the brand meanwhile/);
    expect(JSON.stringify(stale.data)).toContain("Typed By Someone");
    expect(await readBrand()).toEqual(before);

    const fresh = await call(brandRoute.action, "/employee-dashboard/settings/brand", {
      cookie: admin.cookie,
      form: { ...form, version: String(before.version), name: HERON.name, shortName: HERON.shortName, legalName: HERON.legalName },
      headers: SAME_ORIGIN,
    });
    expect(fresh).toMatchObject({ status: 200, data: { status: "success" } });
    expect((await readBrand()).value).toMatchObject({ domain: "typed.test", primaryColor: "#0f766e" });
  });

  test("Only an admin opens the Brand page", async () => {
    const sales = await signInStaff("sam-brand@indigokite.dev", { staffRole: "sales" });
    const page = await call(brandRoute.loader, "/employee-dashboard/settings/brand", { cookie: sales.cookie });
    expect(page.status).toBe(403);
    const mine = await call(brandRoute.loader, "/employee-dashboard/settings/brand", { cookie: admin.cookie });
    expect(mine.data).toMatchObject({ brand: { name: HERON.name }, mailVersion: 0 });
  });
});
