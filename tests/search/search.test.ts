// Full-text search of the console lists on SQLite (FTS5) and PostgreSQL (tsvector).
import { randomUUID } from "node:crypto";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { createElement, type ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as inboxRoute from "~/routes/console/support";
import * as leadsRoute from "~/routes/console/leads";
import * as applicationsRoute from "~/routes/console/applications";
import * as applicationsExportRoute from "~/routes/console/applications-export";
import { MatchSnippet } from "~/components/console/search-results";
import { ResultCount } from "~/components/console/result-count";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { db } from "~/server/db/db.server";
import { listComplaintsForStaff } from "~/server/models/support/complaints-staff.server";
import { SEARCH_CAP } from "~/server/models/search/search.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { listApplicants } from "~/server/models/pipeline/applications-staff.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { memberScope } from "../helpers/companies";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { call } from "../helpers/routes";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";

type Applications = { applicants: { id: string; name: string; match?: { title: string; snippet: string } }[]; total: number };

/** A candidate's application, stored as the apply form stores it (the index's triggers see it). */
async function addApplication(jobId: string, name: string, email: string, message: string, submittedAt: number) {
  const row = {
    id: randomUUID(),
    name,
    email,
    message,
    resume: "",
    resumeName: "",
    resumeType: "",
    resumeSize: 0,
    jobId,
    submittedAt,
    appliedBy: null,
  };
  await db().insertInto("jobApplications").values(row).execute();
  return row;
}

type Inbox = { entries: { id: string; subject: string; match?: { title: string; snippet: string } }[]; total: number; capped: boolean };

describe.each(testDatabases("search"))("Search on $name", (database) => {
  let cleanup: () => Promise<void>;
  let client: TestUser;
  let admin: TestUser;
  let recruiter: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("admin@indigokite.dev", { name: "Admin" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita", staffRole: "recruiter" });
    client = await signUp("client@example.com", "Client");
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("complaintNotes", "complaintReplies", "complaints", "quotes", "jobApplications");
  });

  const raise = async (subject: string, message: string) => createComplaint(await memberScope(client), { subject, message });
  const search = async (q: string, who = admin) => {
    const outcome = await call(inboxRoute.loader, `/employee-dashboard/support?q=${encodeURIComponent(q)}`, { cookie: who.cookie });
    return { status: outcome.status, data: outcome.data as unknown as Inbox };
  };

  test("A subject match ranks above a match in the message, and the matched words are marked", async () => {
    const body = await raise("Cannot sign in", "The invoice page shows a blank screen.");
    const subject = await raise("Invoice total is wrong", "The sum is off by one.");
    const { data } = await search("invoice");
    expect(data.total).toBe(2);
    expect(data.entries.map((e) => e.id)).toEqual([subject.id, body.id]);
    expect(data.entries[0]!.match!.title).toBe("\u0002Invoice\u0003 total is wrong");
    expect(data.entries[1]!.match!.snippet).toContain("\u0002invoice\u0003");
  });

  test("The last word matches as a prefix and the other filters still apply", async () => {
    const a = await raise("Printer jammed", "Paper stuck.");
    await raise("Printing slow", "Takes ages.");
    await db().updateTable("complaints").set({ status: "Resolved" }).where("id", "=", a.id).execute();
    expect((await search("print")).data.total).toBe(2);
    const pending = (await call(inboxRoute.loader, "/employee-dashboard/support?q=print&status=Pending", { cookie: admin.cookie }))
      .data as unknown as Inbox;
    expect(pending.entries.map((e) => e.subject)).toEqual(["Printing slow"]);
    const listOrder = await listComplaintsForStaff({ scope: "all", q: "print", rank: false, limit: 25, offset: 0 });
    expect(listOrder.entries.map((e) => e.subject)).toEqual(["Printing slow", "Printer jammed"]);
    expect(listOrder.entries[0]!.match?.title).toContain("\u0002");
  });

  test("A reply containing <script> comes back as text, and renders escaped", async () => {
    const complaint = await raise("Widget", "Nothing yet.");
    await addReply(
      { complaintId: complaint.id, companyId: (await memberScope(client)).companyId },
      '<script>alert("x")</script> the toaster burns',
    );
    const { data } = await search("toaster");
    const snippet = data.entries[0]!.match!.snippet;
    expect(snippet).toContain("\u0002toaster\u0003");
    expect(snippet).toContain("<script>");
    const html = renderToStaticMarkup(createElement(MatchSnippet, { snippet }));
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<mark");
  });

  test("FTS syntax in the text never fails: quotes, *, OR, -, NEAR(, column filters and unbalanced quotes", async () => {
    await raise('Quote "marks" here', "OR near NEAR(this) - star * and col:umn");
    for (const q of [
      '"',
      '"unbalanced',
      "*",
      "**",
      "-",
      "- -x",
      "OR",
      "a OR",
      "NEAR(",
      "NEAR(a b)",
      "title:x",
      "col:umn",
      "^start",
      "a AND",
      "(",
      ")",
      "'",
      "\\",
      "near*",
      "\u0002",
    ]) {
      const { status } = await search(q);
      expect(status, q).toBe(200);
    }
    expect((await search('"marks here"')).data.total).toBe(1);
    expect((await search("near -star")).data.total).toBe(0);
    expect((await search("-star")).data.total).toBe(0);
    expect((await search("nothingmatches OR star")).data.total).toBe(1);
  });

  test("The index follows inserts, updates and deletes: a reply or a note is found, a deleted request is gone", async () => {
    const complaint = await raise("Shipping", "Where is my parcel?");
    expect((await search("pelican")).data.total).toBe(0);
    await addReply({ complaintId: complaint.id, companyId: (await memberScope(client)).companyId }, "It came with a pelican sticker.");
    expect((await search("pelican")).data.entries.map((e) => e.id)).toEqual([complaint.id]);
    await db()
      .insertInto("complaintNotes")
      .values({
        id: "note-1",
        complaintId: complaint.id,
        authorId: admin.id,
        authorName: "Admin",
        text: "Customer prefers flamingo.",
        createdAt: Date.now(),
      })
      .execute();
    expect((await search("flamingo")).data.total).toBe(1);
    await db().updateTable("complaints").set({ subject: "Delivery" }).where("id", "=", complaint.id).execute();
    expect((await search("shipping")).data.total).toBe(0);
    expect((await search("delivery")).data.total).toBe(1);
    await db().deleteFrom("complaintNotes").where("id", "=", "note-1").execute();
    expect((await search("flamingo")).data.total).toBe(0);
    await db().deleteFrom("complaints").where("id", "=", complaint.id).execute();
    expect((await search("pelican")).data.total).toBe(0);
  });

  test("Past 1,000 matches the count reads “1,000+” and relevance orders the 1,000 most recently written", async () => {
    const { companyId, createdBy } = await memberScope(client);
    const row = (i: number, subject: string) => ({
      id: `many-${i}`,
      companyId,
      createdBy,
      subject,
      message: "The label printer stopped.",
      status: "Pending",
      createdAt: i,
      updatedAt: i,
    });
    // Written first, so the oldest document: the only subject match, which would rank first of all.
    const best = await raise("Printer on fire", "Smoke.");
    for (let start = 0; start < SEARCH_CAP + 5; start += 250) {
      await db()
        .insertInto("complaints")
        .values(Array.from({ length: Math.min(250, SEARCH_CAP + 5 - start) }, (_, i) => row(start + i, `Request ${start + i}`)))
        .execute();
    }
    const many = await search("printer");
    expect(many.data.total).toBe(SEARCH_CAP);
    expect(many.data.capped).toBe(true);
    expect(many.data.entries[0]!.id).not.toBe(best.id);
    const count = renderToStaticMarkup(
      createElement(ResultCount, {
        total: many.data.total,
        capped: many.data.capped,
        singular: "request",
        plural: "requests",
        detail: "",
        announce: "polite",
      }),
    );
    expect(count).toContain("1,000+ requests");
    // A reply rewrites its document, the newest now: among the candidates, it ranks first.
    await addReply({ complaintId: best.id, companyId }, "Still smoking.");
    expect((await search("printer")).data.entries[0]!.id).toBe(best.id);
    // Few matches: counted exactly, not capped.
    const few = await search("fire");
    expect(few.data).toMatchObject({ total: 1, capped: false });
  });

  test("A staff member without the support area is refused a search, a client too", async () => {
    await raise("Secret", "The vault code.");
    expect((await search("vault", recruiter)).status).toBe(403);
    expect((await search("vault", client)).status).toBe(403);
  });

  test("Leads are searched by name, e-mail, phone, country and requirement, best match first", async () => {
    await submitQuote({
      consent: CURRENT_CONSENT_VERSION,
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "+91 98200 12345",
      country: "India",
      requirement: "A CRM for clinics.",
    });
    await submitQuote({
      consent: CURRENT_CONSENT_VERSION,
      name: "Clinic Group",
      email: "ops@clinic.example",
      phone: "+44 20 5555 0100",
      country: "United Kingdom",
      requirement: "Booking app.",
    });
    const leads = async (q: string, who = admin) =>
      call(leadsRoute.loader, `/employee-dashboard/leads?q=${encodeURIComponent(q)}`, { cookie: who.cookie });
    const found = (await leads("clinic")).data as unknown as { leads: { name: string }[]; total: number };
    expect(found.leads.map((l) => l.name)).toEqual(["Clinic Group", "Asha Rao"]);
    expect(((await leads("asha")).data as unknown as { total: number }).total).toBe(1);
    expect((await leads("clinic", recruiter)).status).toBe(403);
  });

  test("Applications are searched by name, e-mail, opening and message, best match first, within the opening and stage filters", async () => {
    const android = await createOpening(null, {
      title: "Android Developer",
      location: "Pune",
      type: "Full-time",
      description: "d",
      salary: "",
      requirements: [],
    });
    const designer = await createOpening(null, {
      title: "Product Designer",
      location: "Pune",
      type: "Full-time",
      description: "d",
      salary: "",
      requirements: [],
    });
    const now = Date.now();
    const byName = await addApplication(android.id, "Kotlin Sharma", "ks@example.com", "I like mobile work.", now - 3_000);
    const byMessage = await addApplication(designer.id, "Meera Iyer", "meera@example.com", "Five years of Kotlin and Figma.", now - 2_000);
    const byOpening = await addApplication(android.id, "Arjun Das", "arjun@mail.example", "Hello.", now - 1_000);
    const list = async (query: string, who = admin) =>
      call(applicationsRoute.loader, `/employee-dashboard/applications?${query}`, { cookie: who.cookie });
    const found = (await list("q=kotlin")).data as unknown as Applications;
    expect(found.applicants.map((a) => a.id)).toEqual([byName.id, byMessage.id]);
    expect(found.total).toBe(2);
    expect(found.applicants[0]!.match!.title).toBe("\u0002Kotlin\u0003 Sharma");
    expect(found.applicants[1]!.match!.snippet).toContain("\u0002Kotlin\u0003");
    // The opening's title and the e-mail are part of an application's text.
    expect(((await list("q=android")).data as unknown as Applications).applicants.map((a) => a.id).sort()).toEqual(
      [byName.id, byOpening.id].sort(),
    );
    expect(
      ((await list(`q=${encodeURIComponent("arjun@mail.example")}`)).data as unknown as Applications).applicants.map((a) => a.id),
    ).toEqual([byOpening.id]);
    // The other filters still apply, in both orders.
    expect(((await list(`q=kotlin&opening=${designer.id}`)).data as unknown as Applications).applicants.map((a) => a.id)).toEqual([
      byMessage.id,
    ]);
    await db().updateTable("jobApplications").set({ stage: "interview" }).where("id", "=", byName.id).execute();
    expect(((await list("q=kotlin&stage=interview&sort=list")).data as unknown as Applications).applicants.map((a) => a.id)).toEqual([
      byName.id,
    ]);
    expect(((await list("q=nothingmatches")).data as unknown as Applications).total).toBe(0);
    expect((await list("q=kotlin", recruiter)).status).toBe(200);
    expect((await list("q=kotlin", client)).status).toBe(403);
  });

  test("Applications in their own order stay newest first with their marks, and the CSV export holds the same search", async () => {
    const opening = await createOpening(null, {
      title: "QA Engineer",
      location: "Remote",
      type: "Contract",
      description: "d",
      salary: "",
      requirements: [],
    });
    const now = Date.now();
    const older = await addApplication(opening.id, "Selenium Fan", "old@example.com", "", now - 5_000);
    const newer = await addApplication(opening.id, "Priya", "new@example.com", "Selenium and Playwright.", now - 1_000);
    await addApplication(opening.id, "Unrelated", "x@example.com", "Manual testing.", now);
    const listOrder = await listApplicants({ q: "selenium" }, { limit: 25, offset: 0, sort: "list" });
    expect(listOrder.applicants.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(listOrder.applicants[1]!.match?.title).toContain("\u0002");
    const outcome = await call(applicationsExportRoute.loader, "/employee-dashboard/applications/export?q=selenium", {
      cookie: admin.cookie,
    });
    const csv = await outcome.response!.text();
    expect(csv).toContain("Selenium Fan");
    expect(csv).toContain("Priya");
    expect(csv).not.toContain("Unrelated");
  });

  test("The searched applications list renders a search form, the sort choice and the marks as text", async () => {
    const opening = await createOpening(null, {
      title: "Backend Engineer",
      location: "Pune",
      type: "Full-time",
      description: "d",
      salary: "",
      requirements: [],
    });
    await addApplication(opening.id, "<b>Rust</b> Fan", "rust@example.com", "I write Rust.", Date.now());
    const url = "/employee-dashboard/applications?q=rust";
    const { data } = await call(applicationsRoute.loader, url, { cookie: admin.cookie });
    const Stub = createRoutesStub([
      {
        path: "/employee-dashboard/applications",
        Component: applicationsRoute.default as ComponentType,
        HydrateFallback: () => null,
        loader: () => data,
      },
    ]);
    const html = renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { "0": data } } }));
    expect(html).toContain('role="search"');
    expect(html).toContain('name="q"');
    expect(html).toContain("Best match");
    expect(html).toContain("<mark");
    expect(html).not.toContain("<b>Rust");
    expect(html).toContain("&lt;b&gt;");
  });
});
