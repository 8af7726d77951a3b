// The quote and apply forms need the privacy notice's box ticked, and each record
// keeps the version of the text agreed to and when (decision 0051).
import { readdirSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ConsentRecord } from "~/components/console/consent-record";
import { CONSENT_REQUIRED_MESSAGE, CONSENT_VERSIONS, CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import * as applicationPage from "~/routes/console/application";
import * as leadPage from "~/routes/console/lead";
import { action as applyPage } from "~/routes/marketing/apply";
import { action as quoteAction } from "~/routes/marketing/quote";
import { action as applySubmit } from "~/routes/resources/apply-submit";
import { db } from "~/server/db/db.server";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { pdf } from "../fixtures/make-files";

type Reply = { status: string; result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
type Outcome = { status: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

const spamFields = () => ({ formToken: issueFormToken(Date.now() - 5_000), website: "" });
const quote = (extra: Record<string, string> = {}) => ({
  name: "Asha Rao",
  email: "asha@example.com",
  phone: "+91 98200 12345",
  country: "India",
  requirement: "A CRM for clinics.",
  ...spamFields(),
  ...extra,
});

function multipart(jobId: string, fields: Record<string, string>, suffix = "") {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...spamFields(), ...fields })) form.set(k, v);
  form.set("resume", new File([new Uint8Array(pdf())], "cv.pdf", { type: "application/pdf" }));
  return new Request(`http://localhost/apply/${jobId}${suffix}`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost", Host: "localhost" },
  });
}

describe.each(testDatabases("consent"))("Consent on $name", (database) => {
  let cleanup: () => Promise<void>;
  let storageDir = "";
  let admin: TestUser;
  let jobId = "";
  const storedFiles = () => readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

  beforeAll(async () => {
    ({ cleanup, storageDir } = await useAppDatabase(database));
    admin = await signInStaff("admin@indigokite.dev", { name: "Admin" });
    const opening = await createOpening(null, {
      title: "Backend Engineer",
      location: "Pune",
      type: "Full-time",
      description: "APIs.",
      salary: "",
      requirements: [],
    });
    jobId = opening.id;
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("quotes", "jobApplications", "mailOutbox", "rateLimits");
  });

  test("A quote without the consent box is refused next to the box, keeps the other values and stores nothing", async () => {
    const outcome = await call(quoteAction, "/quote", { form: quote(), clientIp: "203.0.113.20" });
    expect(outcome.status).toBe(400);
    const reply = outcome.data as unknown as Reply;
    expect(reply.result?.error?.consent).toEqual([CONSENT_REQUIRED_MESSAGE]);
    expect(reply.result?.initialValue).toMatchObject({ name: "Asha Rao", phone: "+91 98200 12345", requirement: "A CRM for clinics." });
    expect(await db().selectFrom("quotes").selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom("mailOutbox").selectAll().execute()).toHaveLength(0);
  });

  test("A quote with the box ticked stores the version agreed to and when, and the lead page shows both", async () => {
    const before = Date.now();
    const outcome = await call(quoteAction, "/quote", { form: quote({ consent: CURRENT_CONSENT_VERSION }), clientIp: "203.0.113.21" });
    expect(outcome.status).toBe(200);
    const row = await db().selectFrom("quotes").selectAll().executeTakeFirstOrThrow();
    expect(row.consentVersion).toBe(CURRENT_CONSENT_VERSION);
    expect(row.consentedAt).toBe(row.submittedAt);
    expect(row.consentedAt!).toBeGreaterThanOrEqual(before);
    const page = await call(leadPage.loader, `/employee-dashboard/leads/${row.id}`, { cookie: admin.cookie, params: { id: row.id } });
    const lead = (page.data as unknown as { lead: { consentVersion: string; consentedAt: number } }).lead;
    expect(lead).toMatchObject({ consentVersion: CURRENT_CONSENT_VERSION, consentedAt: row.consentedAt });
  });

  test("An application without the consent box is refused with its message and values, and keeps neither row nor resume", async () => {
    const filesBefore = storedFiles();
    const response = await applyPage({
      request: multipart(jobId, { name: "Ravi Kumar", email: "ravi@example.com", message: "Hello" }),
      params: { id: jobId },
      context: { clientIp: "203.0.113.22" },
    } as never);
    const { data: outcome, init } = response as unknown as { data: Outcome; init: { status: number } };
    expect(init.status).toBe(400);
    expect(outcome.fieldErrors).toEqual({ consent: [CONSENT_REQUIRED_MESSAGE] });
    expect(outcome.values).toEqual({ name: "Ravi Kumar", email: "ravi@example.com", message: "Hello" });
    expect(await db().selectFrom("jobApplications").selectAll().execute()).toHaveLength(0);
    expect(storedFiles()).toBe(filesBefore);
  });

  test("An application with the box ticked stores the version agreed to and when, and the staff page shows both", async () => {
    const request = multipart(jobId, { name: "Ravi Kumar", email: "ravi@example.com", consent: CURRENT_CONSENT_VERSION }, "/submit");
    const response = (await applySubmit({ request, params: { id: jobId }, context: { clientIp: "203.0.113.23" } } as never)) as Response;
    expect(response.status).toBe(200);
    const row = await db().selectFrom("jobApplications").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ consentVersion: CURRENT_CONSENT_VERSION, consentedAt: row.submittedAt });
    const page = await call(applicationPage.loader, `/employee-dashboard/applications/${row.id}`, {
      cookie: admin.cookie,
      params: { id: row.id },
    });
    const applicant = (page.data as unknown as { applicant: { consentVersion: string; consentedAt: number } }).applicant;
    expect(applicant).toMatchObject({ consentVersion: CURRENT_CONSENT_VERSION, consentedAt: row.submittedAt });
  });

  test("A record from before the forms asked has no consent, and staff read that rather than a guess", async () => {
    await db()
      .insertInto("quotes")
      .values({
        id: "old-lead",
        name: "Old",
        email: "old@example.com",
        phone: "+91 98200 12345",
        country: "",
        requirement: "x",
        submittedAt: 1,
        companyId: null,
      })
      .execute();
    const row = await db()
      .selectFrom("quotes")
      .select(["consentVersion", "consentedAt"])
      .where("id", "=", "old-lead")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ consentVersion: null, consentedAt: null });
    const html = renderToStaticMarkup(createElement(ConsentRecord, { version: null, at: null, form: "quote" }));
    expect(html).toContain("None recorded");
  });
});

test("Staff see the exact text of the version a record names", () => {
  const html = renderToStaticMarkup(
    createElement(ConsentRecord, { version: CURRENT_CONSENT_VERSION, at: Date.UTC(2026, 10, 26, 9, 30), form: "application" }),
  );
  expect(html).toContain(`notice version ${CURRENT_CONSENT_VERSION}`);
  expect(html).toContain(CONSENT_VERSIONS[CURRENT_CONSENT_VERSION].application.label);
  expect(html).toContain("2026-11-26T09:30:00.000Z");
});
