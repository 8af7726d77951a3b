import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { passwordTooShort } from "~/lib/password-rules";
import * as applicationsExportRoute from "~/routes/console/applications-export";
import * as applicationsRoute from "~/routes/console/applications";
import * as auditRoute from "~/routes/console/audit";
import * as clientsRoute from "~/routes/console/clients";
import * as layoutRoute from "~/routes/console/layout";
import * as leadRoute from "~/routes/console/lead";
import * as leadsExportRoute from "~/routes/console/leads-export";
import * as leadsRoute from "~/routes/console/leads";
import * as openingsRoute from "~/routes/console/openings";
import * as overviewRoute from "~/routes/console/overview";
import * as resumeRoute from "~/routes/console/application-resume";
import * as staffRoute from "~/routes/console/staff";
import * as supportRoute from "~/routes/console/support";
import * as testimonialsRoute from "~/routes/console/testimonials";
import * as accountRoute from "~/routes/console/account";
import * as consoleEvents from "~/routes/resources/events-console";
import * as invitationRoute from "~/routes/auth/staff-invitation";
import { sectionsFor } from "~/lib/console-nav";
import { AREA_ROLES, mayUse, STAFF_ROLES } from "~/lib/staff-roles";
import { auth } from "~/server/auth/auth.server";
import { db } from "~/server/db/db.server";
import { events, setEventBus } from "~/server/events/bus.server";
import { createPostgresBus } from "~/server/events/bus-postgres.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { listAudit } from "~/server/models/shared/audit.server";
import { addStaff, disableStaff, enableStaff, listStaff, removeStaffMember, setStaffRole } from "~/server/models/accounts/staff.server";
import { INVITATION_LIFETIME_MS } from "~/server/models/accounts/staff-invitations.server";
import { fileStore } from "~/server/storage/storage.server";
import { sessionCookieFrom, signInStaff, type TestUser } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { buildRequest, call, type RouteFn } from "../helpers/routes";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const BASE = "/employee-dashboard";
const PASSWORD = "a-long-staff-password-42";

/** The link of the last mail to `to`, from the raw message as the SMTP server got it. */
function linkIn(smtp: TestSmtpServer, to: string): string {
  const mail = [...smtp.messages].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
  // Quoted-printable: soft line breaks and "=3D" for "=".
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = /https?:\/\/[^\s"<>]+\/staff-invitation\?token=[\w%-]+/.exec(body);
  if (!match) throw new Error("no invitation link in the mail");
  return match[0];
}

describe.each(testDatabases("staff-roles"))("Staff roles, invitations and lifecycle on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;
  let delivery: TestUser;
  const actor = (user: TestUser) => ({ id: user.id, email: user.email, name: "" });
  const deliverMail = async () => {
    const worker = startMailWorker({
      transport: createSmtpTransport(smtp.url),
      from: "Indigo Kite <no-reply@indigokite.dev>",
      poll: false,
    });
    await worker.runOnce();
    await worker.stop();
  };

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.example", SSE_HEARTBEAT_MS: "60000" }));
    smtp = await startSmtpServer();
    admin = await signInStaff("ada.admin@indigokite.dev", { name: "Ada" });
    sales = await signInStaff("sam.sales@indigokite.dev", { staffRole: "sales" });
    recruiter = await signInStaff("rita.recruiter@indigokite.dev", { staffRole: "recruiter" });
    delivery = await signInStaff("dev.delivery@indigokite.dev", { staffRole: "delivery" });
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables("auditLog", "staffInvitations", "mailOutbox");
    smtp.messages.length = 0;
  });

  describe("Roles", () => {
    test("The first staff account is an admin whatever role was asked; later ones keep the role they are given", async () => {
      const staff = await listStaff();
      expect(Object.fromEntries(staff.map((s) => [s.email, s.staffRole]))).toMatchObject({
        "ada.admin@indigokite.dev": "admin",
        "sam.sales@indigokite.dev": "sales",
        "rita.recruiter@indigokite.dev": "recruiter",
        "dev.delivery@indigokite.dev": "delivery",
      });
    });

    test("Every section is open to admin, and each other role opens exactly the sections decision 0031 lists", () => {
      for (const area of Object.keys(AREA_ROLES) as (keyof typeof AREA_ROLES)[]) expect(mayUse("admin", area)).toBe(true);
      expect(sectionsFor("sales").map((s) => s.label)).toEqual([
        "Overview",
        "Leads",
        "Proposals",
        "Testimonials",
        "Site",
        "Clients",
        "Projects",
        "Support",
      ]);
      expect(sectionsFor("recruiter").map((s) => s.label)).toEqual(["Overview", "Applications", "Openings"]);
      expect(sectionsFor("delivery").map((s) => s.label)).toEqual(["Overview", "Clients", "Projects", "Support"]);
      // Finance keeps the books: Billing only.
      expect(sectionsFor("finance").map((s) => s.label)).toEqual(["Overview", "Billing"]);
      expect(STAFF_ROLES.filter((role) => mayUse(role, "billing"))).toEqual(["admin", "finance"]);
      expect(sectionsFor(null)).toEqual([]);
      for (const role of STAFF_ROLES) expect(mayUse(role, "account")).toBe(true);
    });

    test("Each loader answers a role outside its section with 403 and a message naming the role; the role's own sections answer 200", async () => {
      const pages: [RouteFn, string, keyof typeof AREA_ROLES][] = [
        [leadsRoute.loader, "leads", "leads"],
        [leadsExportRoute.loader, "leads/export", "leads"],
        [applicationsRoute.loader, "applications", "applications"],
        [applicationsExportRoute.loader, "applications/export", "applications"],
        [openingsRoute.loader, "openings", "openings"],
        [testimonialsRoute.loader, "testimonials", "testimonials"],
        [clientsRoute.loader, "clients", "clients"],
        [supportRoute.loader, "support", "support"],
        [staffRoute.loader, "staff", "staff"],
        [auditRoute.loader, "audit", "audit"],
        [overviewRoute.loader, "", "overview"],
        [accountRoute.loader, "account", "account"],
      ];
      const people = { admin, sales, recruiter, delivery } as const;
      for (const [role, user] of Object.entries(people) as [keyof typeof people, TestUser][]) {
        for (const [loader, url, area] of pages) {
          const outcome = await call(loader, `${BASE}/${url}`, { cookie: user.cookie });
          const want = mayUse(role, area) ? 200 : 403;
          expect(outcome.status, `${role} → ${url}`).toBe(want);
          if (want === 403)
            expect(await outcome.response!.text()).toMatch(/^The (Sales|Recruiter|Delivery) role does not include .+ Ask an admin/);
        }
      }
    });

    test("An action outside the role is refused with 403 before it reads the form, and nothing changes", async () => {
      const lead = {
        id: randomUUID(),
        name: "L",
        email: "l@example.com",
        phone: "1",
        country: "IN",
        requirement: "r",
        submittedAt: Date.now(),
        status: "new",
      };
      await db().insertInto("quotes").values(lead).execute();
      const outcome = await call(leadRoute.action, `${BASE}/leads/${lead.id}`, {
        cookie: recruiter.cookie,
        params: { id: lead.id },
        form: { intent: "status", status: "won" },
      });
      expect(outcome.status).toBe(403);
      expect((await db().selectFrom("quotes").select("status").where("id", "=", lead.id).executeTakeFirst())?.status).toBe("new");
      const invite = await call(staffRoute.action, `${BASE}/staff`, {
        cookie: sales.cookie,
        form: { intent: "invite", email: "x@indigokite.dev", staffRole: "admin" },
      });
      expect(invite.status).toBe(403);
      expect(await db().selectFrom("staffInvitations").selectAll().execute()).toEqual([]);
    });

    test("The console layout hands the navigation the user's role, and the overview hides the numbers of other sections", async () => {
      expect((await call(layoutRoute.loader, BASE, { cookie: recruiter.cookie })).data).toMatchObject({ staffRole: "recruiter" });
      const overview = (await call(overviewRoute.loader, BASE, { cookie: recruiter.cookie })).data as {
        counts: Record<string, number | null>;
        weeks: unknown;
      };
      expect(overview.counts).toMatchObject({ newLeads: null, unansweredSupport: null });
      expect(typeof overview.counts.newApplications).toBe("number");
      expect(overview.weeks).toBeNull();
    });

    test("A role's console stream carries only its own sections' events", async () => {
      const controller = new AbortController();
      const request = buildRequest("http://localhost/events/console", { cookie: recruiter.cookie, signal: controller.signal });
      const response = (await consoleEvents.loader({ request, params: {}, context: {} } as never)) as Response;
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      await reader.read();
      events().publish({ type: "quote.created", id: "lead-secret" });
      events().publish({ type: "complaint.changed", id: "complaint-secret", companyId: "c" });
      events().publish({ type: "application.created", id: "app-visible", jobId: "j" });
      let text = "";
      while (!text.includes("app-visible")) text += decoder.decode((await reader.read()).value);
      controller.abort();
      expect(text).not.toContain("lead-secret");
      expect(text).not.toContain("complaint-secret");
      expect(text).toContain("event: applications");
    });
  });

  describe("Disable, remove and role changes", () => {
    async function openStream(user: TestUser) {
      const request = buildRequest("http://localhost/events/console", { cookie: user.cookie, signal: new AbortController().signal });
      const response = (await consoleEvents.loader({ request, params: {}, context: {} } as never)) as Response;
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      return reader;
    }

    test("Disabling ends the member's sessions and open stream at once (not at a heartbeat), and no sign-in works until re-enabled", async () => {
      const member = await signInStaff(`dina-${Date.now()}@indigokite.dev`, { staffRole: "delivery", password: PASSWORD });
      const reader = await openStream(member);
      const outcome = await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent: "disable", id: member.id } });
      expect(outcome).toMatchObject({ status: 200, data: { status: "success" } });
      // The heartbeat is a minute away (SSE_HEARTBEAT_MS): only the bus event can end it this fast.
      const ended = await Promise.race([reader.read(), new Promise((resolve) => setTimeout(() => resolve("open"), 2_000))]);
      expect(ended).toMatchObject({ done: true });
      expect(await db().selectFrom("sessions").select("id").where("userId", "=", member.id).execute()).toEqual([]);
      expect((await call(accountRoute.loader, `${BASE}/account`, { cookie: member.cookie })).status).toBe(302);
      // Password sign-in is refused by the session hook, the last line for Google and any other way in.
      await expect((await auth()).api.signInEmail({ body: { email: member.email, password: PASSWORD } })).rejects.toThrow();
      expect(await db().selectFrom("sessions").select("id").where("userId", "=", member.id).execute()).toEqual([]);

      await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent: "enable", id: member.id } });
      const { headers } = await (await auth()).api.signInEmail({ body: { email: member.email, password: PASSWORD }, returnHeaders: true });
      expect((await call(accountRoute.loader, `${BASE}/account`, { cookie: sessionCookieFrom(headers) })).status).toBe(200);
      const actions = (await listAudit({ entity: "staff", limit: 10, offset: 0 })).entries.map((e) => e.action).sort();
      expect(actions).toEqual(["staff.disable", "staff.enable"]);
    });

    test("Removing a member ends their open stream at once and deletes the account; changing a role ends it too so it reconnects with the new role", async () => {
      const member = await signInStaff(`rem-${Date.now()}@indigokite.dev`, { staffRole: "sales" });
      const reader = await openStream(member);
      await setStaffRole(actor(admin), member.id, "delivery");
      expect(await reader.read()).toMatchObject({ done: true });
      const again = await openStream(member);
      const outcome = await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent: "remove", id: member.id } });
      expect(outcome).toMatchObject({ status: 200 });
      expect(await again.read()).toMatchObject({ done: true });
      expect((await listStaff()).some((s) => s.id === member.id)).toBe(false);
      const actions = (await listAudit({ entity: "staff", limit: 10, offset: 0 })).entries.map((e) => e.action).sort();
      expect(actions).toEqual(["staff.remove", "staff.role"]);
    });

    test.skipIf(database.name !== "postgres")(
      "Disabling on one instance ends the member's stream on another at once (LISTEN/NOTIFY)",
      async () => {
        const member = await signInStaff(`far-${Date.now()}@indigokite.dev`, { staffRole: "sales" });
        // Both instances on this suite's own schema (and so its own event channel).
        const here = await createPostgresBus(process.env.DATABASE_URL!);
        const there = await createPostgresBus(process.env.DATABASE_URL!);
        const local = events();
        try {
          setEventBus(here);
          const reader = await openStream(member);
          // The admin's request is served by the other instance.
          setEventBus(there);
          await disableStaff(actor(admin), member.id);
          const ended = await Promise.race([reader.read(), new Promise((resolve) => setTimeout(() => resolve("open"), 3_000))]);
          expect(ended).toMatchObject({ done: true });
        } finally {
          setEventBus(local);
          await here.close();
          await there.close();
        }
      },
    );

    test("Nobody disables or removes their own account from the console, even with another admin; the page offers them no such action", async () => {
      const second = await addStaff(null, `other-admin-${Date.now()}@indigokite.dev`, PASSWORD, undefined, "admin");
      for (const intent of ["disable", "remove"]) {
        const outcome = await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent, id: admin.id } });
        expect(outcome.status, intent).toBe(403);
        expect(outcome.data).toMatchObject({
          targetId: admin.id,
          message: `You cannot ${intent} your own account. Ask another admin to do it.`,
        });
      }
      expect((await listStaff()).find((s) => s.id === admin.id)).toMatchObject({ staffRole: "admin", disabledAt: null });
      expect((await listAudit({ limit: 10, offset: 0 })).total).toBe(0);
      const page = await call(staffRoute.loader, `${BASE}/staff`, { cookie: admin.cookie });
      expect((page.data as { staff: { id: string; isYou: boolean }[] }).staff.find((s) => s.id === admin.id)).toMatchObject({
        isYou: true,
      });
      await removeStaffMember(actor(admin), { id: second.id });
    });

    test("The last active admin cannot be disabled, removed or demoted; with a second admin they can", async () => {
      const forms: Record<string, string>[] = [{ intent: "set-role", id: admin.id, staffRole: "sales" }];
      for (const form of forms) {
        const outcome = await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form });
        expect(outcome.status, form.intent).toBe(409);
        expect(outcome.data?.message).toBe("This is the last active admin: make someone else an admin first.");
      }
      // Another person's change (the model's other callers) is held to the same rule.
      await expect(disableStaff(actor(sales), admin.id)).rejects.toThrow(/last active admin/);
      await expect(removeStaffMember(actor(sales), { id: admin.id })).rejects.toThrow(/last active admin/);
      expect((await listStaff()).find((s) => s.id === admin.id)).toMatchObject({ staffRole: "admin", disabledAt: null });
      expect((await listAudit({ limit: 10, offset: 0 })).total).toBe(0);

      const second = await addStaff(null, `second-admin-${Date.now()}@indigokite.dev`, PASSWORD, undefined, "admin");
      // A disabled admin does not count as the one left.
      await disableStaff(actor(admin), second.id);
      await expect(setStaffRole(actor(admin), admin.id, "sales")).rejects.toThrow(/last active admin/);
      await enableStaff(actor(admin), second.id);
      await setStaffRole(actor(admin), admin.id, "sales");
      await setStaffRole(actor(admin), admin.id, "admin");
      await removeStaffMember(actor(admin), { id: second.id });
    });
  });

  describe("Invitations", () => {
    async function invite(email: string, staffRole = "recruiter") {
      return call(staffRoute.action, `${BASE}/staff`, {
        cookie: admin.cookie,
        form: { intent: "invite", name: "New Person", email, staffRole },
      });
    }

    test("An invitation mails a single-use link: the GET shows the form and spends nothing, the POST sets the password and signs in with the role", async () => {
      const email = `invitee-${Date.now()}@indigokite.dev`;
      const sent = await invite(email);
      expect(sent).toMatchObject({ status: 200, data: { intent: "invite", status: "success" } });
      expect((await listStaff()).some((s) => s.email === email)).toBe(false);
      await deliverMail();
      const link = new URL(linkIn(smtp, email));
      expect(link.pathname).toBe("/staff-invitation");
      const path = `${link.pathname}${link.search}`;

      for (let i = 0; i < 2; i++) {
        const page = await call(invitationRoute.loader, path);
        expect(page.data).toMatchObject({ invitation: { email, staffRole: "recruiter", name: "New Person" } });
      }
      const token = link.searchParams.get("token")!;
      const accepted = await call(invitationRoute.action, path, { form: { token, password: PASSWORD, confirm: PASSWORD } });
      expect(accepted).toMatchObject({ status: 302, location: "/dashboard?notice=welcome" });
      const cookie = sessionCookieFrom(accepted.response!.headers);
      expect((await call(layoutRoute.loader, BASE, { cookie })).data).toMatchObject({ email, staffRole: "recruiter" });
      expect((await call(leadsRoute.loader, `${BASE}/leads`, { cookie })).status).toBe(403);

      const again = await call(invitationRoute.action, path, {
        form: { token, password: "another-long-password", confirm: "another-long-password" },
      });
      expect(again.status).toBe(410);
      expect((await call(invitationRoute.loader, path)).data).toMatchObject({ invitation: null });
      const actions = (await listAudit({ limit: 10, offset: 0 })).entries.map((e) => e.action).sort();
      expect(actions).toEqual(["staff.invite", "staff.invite-accept"]);
      const listed = (await call(staffRoute.loader, `${BASE}/staff`, { cookie: admin.cookie })).data as { invitations: unknown[] };
      expect(listed.invitations).toEqual([]);
    });

    test("A password shorter than the staff rule, too common, or not repeated is refused in place, never echoed, and the link still works", async () => {
      const email = `picky-${Date.now()}@indigokite.dev`;
      await invite(email);
      await deliverMail();
      const link = new URL(linkIn(smtp, email));
      const token = link.searchParams.get("token")!;
      const path = `${link.pathname}${link.search}`;
      const short = await call(invitationRoute.action, path, { form: { token, password: "short-pass1", confirm: "short-pass1" } });
      expect(short.status).toBe(400);
      expect((short.data?.result as { error: Record<string, string[]> }).error.password).toEqual([passwordTooShort("staff")]);
      expect(JSON.stringify(short.data)).not.toContain("short-pass1");
      const common = await call(invitationRoute.action, path, { form: { token, password: "password1234", confirm: "password1234" } });
      expect(common.status).toBe(400);
      const mismatch = await call(invitationRoute.action, path, { form: { token, password: PASSWORD, confirm: `${PASSWORD}x` } });
      expect(mismatch.status).toBe(400);
      expect((await listStaff()).some((s) => s.email === email)).toBe(false);
      expect((await call(invitationRoute.loader, path)).data).toMatchObject({ invitation: { email } });
    });

    test("A revoked, replaced (resent) or expired link makes no account", async () => {
      const email = `late-${Date.now()}@indigokite.dev`;
      await invite(email);
      await deliverMail();
      const first = new URL(linkIn(smtp, email));
      const [pending] = (
        (await call(staffRoute.loader, `${BASE}/staff`, { cookie: admin.cookie })).data as { invitations: { id: string }[] }
      ).invitations;
      expect(
        (await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent: "resend", id: pending!.id } })).status,
      ).toBe(200);
      await deliverMail();
      const second = new URL(linkIn(smtp, email));
      expect(second.search).not.toBe(first.search);
      const post = (link: URL) =>
        call(invitationRoute.action, `${link.pathname}${link.search}`, {
          form: { token: link.searchParams.get("token")!, password: PASSWORD, confirm: PASSWORD },
        });
      expect((await post(first)).status).toBe(410);

      await db()
        .updateTable("staffInvitations")
        .set({ expiresAt: Date.now() - 1 })
        .where("id", "=", pending!.id)
        .execute();
      expect((await post(second)).status).toBe(410);
      await db()
        .updateTable("staffInvitations")
        .set({ expiresAt: Date.now() + INVITATION_LIFETIME_MS })
        .where("id", "=", pending!.id)
        .execute();
      expect(
        (await call(staffRoute.action, `${BASE}/staff`, { cookie: admin.cookie, form: { intent: "revoke", id: pending!.id } })).status,
      ).toBe(200);
      expect((await post(second)).status).toBe(410);
      expect((await listStaff()).some((s) => s.email === email)).toBe(false);
      const actions = (await listAudit({ limit: 10, offset: 0 })).entries.map((e) => e.action).sort();
      expect(actions).toEqual(["staff.invite", "staff.invite-resend", "staff.invite-revoke"]);
    });

    test("An invitation outside the company domain, or for an existing account, is refused in place and nothing is queued", async () => {
      const outsider = await invite("someone@gmail.com");
      expect(outsider.status).toBe(400);
      expect((outsider.data?.result as { error: Record<string, string[]> }).error.email).toEqual([
        "Only @indigokite.dev e-mails can be staff accounts.",
      ]);
      const existing = await invite(sales.email);
      expect(existing.status).toBe(409);
      const badRole = await call(staffRoute.action, `${BASE}/staff`, {
        cookie: admin.cookie,
        form: { intent: "invite", email: "ok@indigokite.dev", staffRole: "owner" },
      });
      expect(badRole.status).toBe(400);
      expect(await db().selectFrom("mailOutbox").selectAll().execute()).toEqual([]);
      expect(await db().selectFrom("staffInvitations").selectAll().execute()).toEqual([]);
    });
  });

  describe("Audit of data leaving the console", () => {
    test("A resume download and both CSV exports write an audit row with who, what and the filter", async () => {
      const now = Date.now();
      const opening = {
        id: randomUUID(),
        title: "Tester",
        location: "Pune",
        type: "Full-time",
        description: "d",
        salary: "",
        requirements: "[]",
        status: "open",
        createdAt: now,
        updatedAt: now,
      };
      await db().insertInto("jobOpenings").values(opening).execute();
      const temp = path.join(fileStore().tempDir(), `upload-${randomUUID()}.tmp`);
      writeFileSync(temp, "%PDF-1.4 tiny");
      const key = `resumes/guest_${now}_cv.pdf`;
      await fileStore().putFromFile(key, temp, "application/pdf");
      const application = {
        id: randomUUID(),
        name: "C",
        email: "c@example.com",
        message: "",
        resume: key,
        resumeName: "cv.pdf",
        resumeType: "pdf",
        resumeSize: 13,
        jobId: opening.id,
        submittedAt: now,
        appliedBy: null,
      };
      await db().insertInto("jobApplications").values(application).execute();

      const download = await call(resumeRoute.loader, `${BASE}/applications/${application.id}/resume`, {
        cookie: recruiter.cookie,
        params: { id: application.id },
      });
      expect(download.status).toBe(200);
      await download.response!.arrayBuffer();
      await (
        await call(applicationsExportRoute.loader, `${BASE}/applications/export?stage=new`, { cookie: recruiter.cookie })
      ).response!.text();
      await (await call(leadsExportRoute.loader, `${BASE}/leads/export?status=won`, { cookie: sales.cookie })).response!.text();
      // A refused download is not one.
      expect(
        (
          await call(resumeRoute.loader, `${BASE}/applications/${application.id}/resume`, {
            cookie: sales.cookie,
            params: { id: application.id },
          })
        ).status,
      ).toBe(403);

      const entries = (await listAudit({ limit: 10, offset: 0 })).entries;
      const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
      expect(entries).toHaveLength(3);
      expect(byAction["resume.download"]).toMatchObject({
        actorEmail: recruiter.email,
        entity: "application",
        entityId: application.id,
        detail: { file: "cv.pdf" },
      });
      expect(byAction["applications.export"]).toMatchObject({ actorEmail: recruiter.email, entity: "export", detail: { stage: "new" } });
      expect(byAction["leads.export"]).toMatchObject({ actorEmail: sales.email, entity: "export", detail: { status: "won" } });
    });
  });
});
