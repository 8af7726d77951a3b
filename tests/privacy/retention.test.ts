import { randomUUID } from "node:crypto";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DAY_MS } from "~/lib/retention";
import { retentionSettingsSchema } from "~/lib/schemas/retention";
import * as retentionRoute from "~/routes/console/retention";
import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { EnvError, parseEnv } from "~/server/env.server";
import { insertApplication } from "~/server/models/pipeline/applications.server";
import { setApplicationStage } from "~/server/models/pipeline/applications-staff.server";
import { insertCompany } from "~/server/models/companies/companies.server";
import { closeCompany } from "~/server/models/companies/companies-staff.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { setLeadStatus } from "~/server/models/pipeline/quotes-staff.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { listRetentionCandidates } from "~/server/models/privacy/retention.server";
import { getRetentionSettings } from "~/server/models/shared/settings.server";
import { runRetention } from "~/server/privacy/retention-run.server";
import { startRetentionSchedule } from "~/server/privacy/retention-schedule.server";
import { fileStore } from "~/server/storage/storage.server";
import { signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { call } from "../helpers/routes";
import { insertFile } from "../helpers/workspace-rows";

// Decision 0049: retention with a fake clock. Records sit exactly at, just
// before and past each kind's boundary (applications 180 days, leads 365, closed companies 60).

const NOW = Date.UTC(2030, 0, 15, 3, 30);
const SLOT = NOW;
const ago = (days: number, ms = 0) => NOW - days * DAY_MS + ms;
const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };

describe.each(testDatabases("retention"))("Retention on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  let sales: TestUser;
  let actor: Actor;
  let openingId = "";
  /** What each test builds: ids by name, and the stored keys that belong to due records. */
  let ids: Record<string, string> = {};
  let dueKeys: string[] = [];
  let keptKeys: string[] = [];

  async function storeBytes(key: string): Promise<void> {
    const temp = path.join(fileStore().tempDir(), `${key.replace(/\W/g, "_")}.part`);
    writeFileSync(temp, `%PDF-1.4 ${key}`);
    await fileStore().putFromFile(key, temp, "application/pdf");
  }

  async function application(name: string, stage: string, changedAt: number): Promise<string> {
    const key = `resumes/guest_${changedAt}_${randomUUID()}.pdf`;
    await storeBytes(key);
    const app = await db()
      .transaction()
      .execute((trx) =>
        insertApplication(
          trx,
          {
            name,
            email: `${name.replace(/\W/g, "").toLowerCase()}@example.com`,
            message: "",
            jobId: openingId,
            appliedBy: null,
            resume: { key, name: "cv.pdf", kind: "pdf", size: 20 },
            consent: CURRENT_CONSENT_VERSION,
          },
          ago(400),
        ),
      );
    if (stage !== "new") await setApplicationStage(actor, app.id, stage as "rejected", changedAt);
    return app.id;
  }

  async function lead(name: string, status: string, changedAt: number): Promise<string> {
    const quote = await submitQuote(
      {
        name,
        email: "lead@example.com",
        phone: "+91 98200 12345",
        country: "India",
        requirement: "An app",
        consent: CURRENT_CONSENT_VERSION,
      },
      { confirm: false, now: ago(800) },
    );
    if (status !== "new") await setLeadStatus(actor, quote.id, status as "lost", changedAt);
    return quote.id;
  }

  async function company(name: string, closedAt: number | null): Promise<{ id: string; key: string }> {
    const created = await insertCompany(db(), { name, origin: "staff" }, ago(900));
    const project = await insertProject(db(), { companyId: created.id, createdBy: null, title: `${name} app`, description: "" }, ago(900));
    const { versionId } = await insertFile(project.id, { name: "brief.pdf", side: "staff", at: ago(900) });
    const key = `test/${versionId}`;
    await storeBytes(key);
    if (closedAt !== null) await closeCompany(actor, created.id, closedAt);
    return { id: created.id, key };
  }

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    sales = await signInStaff("sam@indigokite.dev", { staffRole: "sales" });
    actor = { id: admin.id, email: admin.email, name: "Priya Sharma" };
    openingId = "opening-retention";
    await db()
      .insertInto("jobOpenings")
      .values({
        id: openingId,
        title: "Flutter Engineer",
        location: "Pune",
        type: "Full-time",
        description: "",
        salary: "",
        requirements: "[]",
        status: "open",
        createdAt: ago(999),
        updatedAt: ago(999),
      })
      .execute();
  });
  afterAll(async () => cleanup());

  beforeEach(async () => {
    await clearTables("retentionRuns", "leases", "auditLog", "jobApplications", "quotes", "projects", "companies", "appSettings");
    ids = {
      rejectedAtBoundary: await application("Asha Rejected", "rejected", ago(180)),
      withdrawnPast: await application("Ravi Withdrawn", "withdrawn", ago(181)),
      rejectedJustBefore: await application("Meera Recent", "rejected", ago(180, 1)),
      hiredLongAgo: await application("Kiran Hired", "hired", ago(700)),
      lostAtBoundary: await lead("Lost Boundary", "lost", ago(365)),
      lostJustBefore: await lead("Lost Recent", "lost", ago(365, 1)),
      newLeadOld: await lead("Still New", "new", ago(900)),
    };
    const closedAtBoundary = await company("Closed Boundary Ltd", ago(60));
    const closedRecently = await company("Closed Recently Ltd", ago(60, 1));
    const open = await company("Open Ltd", null);
    ids.closedAtBoundary = closedAtBoundary.id;
    ids.closedRecently = closedRecently.id;
    ids.open = open.id;
    const resumes = await db().selectFrom("jobApplications").select(["id", "resume"]).execute();
    const resumeOf = (id: string | undefined) => resumes.find((r) => r.id === id)!.resume;
    dueKeys = [resumeOf(ids.rejectedAtBoundary), resumeOf(ids.withdrawnPast), closedAtBoundary.key];
    keptKeys = [resumeOf(ids.rejectedJustBefore), resumeOf(ids.hiredLongAgo), closedRecently.key, open.key];
  });

  const DUE = () => [ids.rejectedAtBoundary, ids.withdrawnPast, ids.lostAtBoundary, ids.closedAtBoundary].sort();
  const KEPT = () => [ids.rejectedJustBefore, ids.hiredLongAgo, ids.lostJustBefore, ids.newLeadOld, ids.closedRecently, ids.open];
  const present = async () =>
    [
      ...(await db().selectFrom("jobApplications").select("id").execute()),
      ...(await db().selectFrom("quotes").select("id").execute()),
      ...(await db().selectFrom("companies").select("id").execute()),
    ].map((r) => r.id);
  const runAudits = () => db().selectFrom("auditLog").selectAll().where("action", "=", "retention.run").execute();
  const stored = async (keys: string[]) => Promise.all(keys.map((k) => fileStore().exists(k)));

  test("Records are due exactly at their boundary and after it, never a millisecond before", async () => {
    const due = await listRetentionCandidates(NOW);
    expect(due.map((c) => c.id).sort()).toEqual(DUE());
    expect(due.find((c) => c.id === ids.rejectedAtBoundary)).toMatchObject({
      kind: "application",
      label: "Asha Rejected (Flutter Engineer)",
      since: ago(180),
    });
    expect(due.find((c) => c.id === ids.lostAtBoundary)).toMatchObject({ kind: "lead", since: ago(365) });
    expect(due.find((c) => c.id === ids.closedAtBoundary)).toMatchObject({ kind: "company", label: "Closed Boundary Ltd", since: ago(60) });
    // One millisecond later the ones just before their boundary are due too.
    const later = await listRetentionCandidates(NOW + 1);
    expect(later.map((c) => c.id).sort()).toEqual([...DUE(), ids.rejectedJustBefore, ids.lostJustBefore, ids.closedRecently].sort());
  });

  test("Longer retention settings move the boundary", async () => {
    const due = await listRetentionCandidates(NOW, { settings: { applicationDays: 181, leadDays: 366, inboundMailDays: 90 } });
    expect(due.map((c) => c.id).sort()).toEqual([ids.withdrawnPast, ids.closedAtBoundary].sort());
  });

  test("A run purges the due records with their files and writes one audit row with the counts", async () => {
    const result = await runRetention({ now: NOW, slot: SLOT, holder: "instance-a" });
    expect(result).toMatchObject({ applications: 2, leads: 1, companies: 1, files: 3, failed: 0, resumed: false });
    const left = await present();
    for (const id of DUE()) expect(left).not.toContain(id);
    for (const id of KEPT()) expect(left).toContain(id);
    expect(await stored(dueKeys)).toEqual(dueKeys.map(() => false));
    expect(await stored(keptKeys)).toEqual(keptKeys.map(() => true));
    const audits = await runAudits();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.detail)).toMatchObject({ applications: 2, leads: 1, companies: 1, files: 3, trigger: "schedule" });
    expect(Number(audits[0]!.createdAt)).toBe(NOW);
    expect(await listRetentionCandidates(NOW)).toEqual([]);
  });

  test("A second run for the same day on another instance does nothing", async () => {
    expect(await runRetention({ now: NOW, slot: SLOT, holder: "instance-a" })).not.toBeNull();
    // A newly due record, so a second run would have something to do.
    await application("Late Rejected", "rejected", ago(200));
    expect(await runRetention({ now: NOW + 60_000, slot: SLOT, holder: "instance-b" })).toBeNull();
    expect(await runAudits()).toHaveLength(1);
    expect(await listRetentionCandidates(NOW)).toHaveLength(1);
  });

  test("A run cut short by a crash is finished by the next one, without erasing or counting anything twice", async () => {
    let erased = 0;
    const crash = new Error("killed mid-run");
    await expect(
      runRetention({
        now: NOW,
        slot: SLOT,
        holder: "instance-a",
        afterEach: () => {
          erased++;
          if (erased === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // Two records gone and counted; no audit row yet; the lease still names the dead holder.
    expect(await runAudits()).toHaveLength(0);
    const [unfinished] = await db().selectFrom("retentionRuns").selectAll().execute();
    expect(unfinished).toMatchObject({ finishedAt: null });
    expect(Number(unfinished!.applications) + Number(unfinished!.leads) + Number(unfinished!.companies)).toBe(2);
    expect(await listRetentionCandidates(NOW)).toHaveLength(2);
    // The same day's slot stays taken; a later run (here Run now on another instance, once the dead
    // holder's lease has expired) adopts the unfinished run and finishes the job.
    expect(await runRetention({ now: NOW + 60_000, slot: SLOT, holder: "instance-b" })).toBeNull();
    expect(await runRetention({ now: NOW + 60_000, holder: "instance-b" })).toBeNull();
    const next = await runRetention({ now: NOW + 20 * 60_000, holder: "instance-b" });
    // By then the records that were a millisecond short of their boundary are due too: each of the
    // seven is erased and counted once, across both halves of the run.
    expect(next).toMatchObject({ runId: unfinished!.id, resumed: true, applications: 3, leads: 2, companies: 2, files: 5, failed: 0 });
    const runs = await db().selectFrom("retentionRuns").selectAll().execute();
    expect(runs).toHaveLength(1);
    const audits = await runAudits();
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.detail)).toMatchObject({ applications: 3, leads: 2, companies: 2, files: 5, resumed: true });
    expect((await present()).sort()).toEqual([ids.hiredLongAgo, ids.newLeadOld, ids.open].sort());
    expect(await stored(dueKeys)).toEqual(dueKeys.map(() => false));
    expect(await stored(keptKeys)).toEqual([false, true, false, true]);
  });

  test("Two instances on one schedule run each occurrence once, with one audit row each", async () => {
    const slots: number[] = [];
    const schedulers = ["instance-a", "instance-b"].map((holder) =>
      startRetentionSchedule("* * * * * *", async (slot) => {
        const result = await runRetention({ slot, holder });
        if (result) slots.push(slot);
        return result;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    for (const s of schedulers) s.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(new Set(slots).size).toBe(slots.length);
    expect(await runAudits()).toHaveLength(slots.length);
  }, 15_000);

  test("The retention form accepts whole days within bounds and refuses anything else with a message", () => {
    const parse = (applicationDays: string, leadDays = "365") =>
      retentionSettingsSchema.safeParse({ intent: "save-retention", applicationDays, leadDays, inboundMailDays: "90" });
    expect(parse("180").data).toEqual({ intent: "save-retention", applicationDays: 180, leadDays: 365, inboundMailDays: 90 });
    expect(parse(" 30 ").success).toBe(true);
    expect(parse("3650").success).toBe(true);
    for (const bad of ["29", "3651", "12.5", "-40", "abc", "", "1e3"]) {
      const result = parse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Enter the days to keep rejected and withdrawn applications as a whole number from 30 to 3650.",
      );
    }
  });

  test("An admin saves retention on the Data retention page; a bad value keeps the form's values and changes nothing", async () => {
    const post = (who: TestUser, form: Record<string, string>) =>
      call(retentionRoute.action, "/employee-dashboard/settings/retention", { cookie: who.cookie, form, headers: SAME_ORIGIN });
    const bad = await post(admin, { intent: "save-retention", applicationDays: "7", leadDays: "400", inboundMailDays: "90" });
    expect(bad.status).toBe(400);
    const result = bad.data?.result as { initialValue?: Record<string, string>; error?: Record<string, string[]> };
    expect(result.initialValue).toMatchObject({ applicationDays: "7", leadDays: "400" });
    expect(result.error?.applicationDays).toEqual([
      "Enter the days to keep rejected and withdrawn applications as a whole number from 30 to 3650.",
    ]);
    expect(await getRetentionSettings()).toEqual({ applicationDays: 180, leadDays: 365, inboundMailDays: 90 });

    const good = await post(admin, { intent: "save-retention", applicationDays: "90", leadDays: "400", inboundMailDays: "120" });
    expect(good).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await getRetentionSettings()).toEqual({ applicationDays: 90, leadDays: 400, inboundMailDays: 120 });
    const changes = await db()
      .selectFrom("auditLog")
      .select(["entityId", "detail"])
      .where("action", "=", "settings.change")
      .orderBy("entityId")
      .execute();
    expect(changes.map((c) => [c.entityId, JSON.parse(c.detail)])).toEqual([
      ["retentionApplicationDays", { from: 180, to: 90 }],
      ["retentionInboundMailDays", { from: 90, to: 120 }],
      ["retentionLeadDays", { from: 365, to: 400 }],
    ]);
  });

  test("Only an admin may see the Data retention page, save it or run it", async () => {
    const page = await call(retentionRoute.loader, "/employee-dashboard/settings/retention", { cookie: sales.cookie });
    expect(page.status).toBe(403);
    const forms: Record<string, string>[] = [{ intent: "save-retention", applicationDays: "90", leadDays: "400" }, { intent: "run-now" }];
    for (const form of forms) {
      const refused = await call(retentionRoute.action, "/employee-dashboard/settings/retention", {
        cookie: sales.cookie,
        form,
        headers: SAME_ORIGIN,
      });
      expect(refused.status).toBe(403);
    }
    const guest = await call(retentionRoute.loader, "/employee-dashboard/settings/retention");
    expect(guest.status).toBe(302);
    expect(await runAudits()).toHaveLength(0);
    expect(await getRetentionSettings()).toEqual({ applicationDays: 180, leadDays: 365, inboundMailDays: 90 });
  });

  test("The dry run lists what the next run removes, and Run now removes it with one audit row by the admin", async () => {
    // The page works on the real clock: records dated against it.
    await clearTables("retentionRuns", "leases", "auditLog", "jobApplications", "quotes", "projects", "companies");
    const today = Date.now();
    const old = await application("Old Rejected", "rejected", today - 200 * DAY_MS);
    const recent = await lead("Recently Lost", "lost", today - 10 * DAY_MS);
    const load = () => call(retentionRoute.loader, "/employee-dashboard/settings/retention", { cookie: admin.cookie });
    const page = await load();
    expect(page.status).toBe(200);
    const data = page.data as unknown as { due: { kind: string; id: string; label: string }[]; nextRun: number | null };
    expect(data.due).toEqual([expect.objectContaining({ kind: "application", id: old, label: "Old Rejected (Flutter Engineer)" })]);
    expect(data.nextRun).toBeGreaterThan(today);

    const ran = await call(retentionRoute.action, "/employee-dashboard/settings/retention", {
      cookie: admin.cookie,
      form: { intent: "run-now" },
      headers: SAME_ORIGIN,
    });
    expect(ran).toMatchObject({
      status: 200,
      data: {
        status: "success",
        message: "Retention run finished: 1 application, 0 leads and 0 companies removed, with 1 file; 0 inbound mail originals removed.",
      },
    });
    const audits = await runAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, entity: "retention" });
    expect(JSON.parse(audits[0]!.detail)).toMatchObject({ applications: 1, trigger: "manual" });
    expect(await present()).toContain(recent);
    expect(((await load()).data as unknown as { due: unknown[] }).due).toEqual([]);
  });
});

test("RETENTION_SCHEDULE defaults to 03:30 daily, takes a cron pattern or off, and refuses anything else", () => {
  const parse = (env: Record<string, string>) => parseEnv({ AUTH_SECRET: "x".repeat(32), ...env });
  expect(parse({}).RETENTION_SCHEDULE).toBe("30 3 * * *");
  expect(parse({ RETENTION_SCHEDULE: "" }).RETENTION_SCHEDULE).toBe("30 3 * * *");
  expect(parse({ RETENTION_SCHEDULE: "off" }).RETENTION_SCHEDULE).toBe("off");
  expect(parse({ RETENTION_SCHEDULE: "0 4 * * *" }).RETENTION_SCHEDULE).toBe("0 4 * * *");
  expect(() => parse({ RETENTION_SCHEDULE: "daily" })).toThrow(EnvError);
  expect(() => parse({ RETENTION_SCHEDULE: "daily" })).toThrow(
    'RETENTION_SCHEDULE: must be a cron pattern such as 30 3 * * * (minute hour day month weekday), or "off"',
  );
});
