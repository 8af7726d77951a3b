import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { MailChoice } from "~/lib/mail-preferences";
import type { NotificationType } from "~/lib/notification-types";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { createSmtpTransport } from "~/server/mail/mailer.server";
import { startMailWorker } from "~/server/mail/worker.server";
import { acceptClientInvitation } from "~/server/models/companies/client-invitation-accept.server";
import { insertClientInvitation } from "~/server/models/companies/client-invitations.server";
import { sweepMilestonesDue } from "~/server/models/projects/milestone-due.server";
import { addMilestone, listMilestones, updateMilestone } from "~/server/models/projects/milestones.server";
import { notifyNewApplication } from "~/server/models/notifications/events.server";
import { saveMailPreferences } from "~/server/models/notifications/preferences.server";
import { insertProject, setProjectProgress, type Project } from "~/server/models/projects/projects.server";
import { submitQuote } from "~/server/models/pipeline/quotes.server";
import { signInStaff, signUp, TEST_PASSWORD, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

// Decisions 0041, 0046: every kind of notification that has an e-mail preference sends
// its mail as each recipient chose: now (through a real SMTP server), held for the digest, or not at
// all. Each test makes one event with three recipients, one per choice.

const APP_URL = "https://agency.test";
const FROM = "Indigo Kite Technologies <no-reply@indigokite.dev>";

describe.each(testDatabases("notification-mails"))("Notification mails follow each person's preference, on $name", (database) => {
  let cleanup: () => Promise<void>;
  let smtp: TestSmtpServer;
  let admin: TestUser;
  let delivery: TestUser;
  let sales: TestUser;
  let recruiter: TestUser;
  let alice: TestUser;
  let arun: TestUser;
  let asha: TestUser;
  let kite: string;
  let project: Project;

  const person = (t: TestUser, name: string) => ({ id: t.id, email: t.email, name });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    smtp = await startSmtpServer();
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    sales = await signInStaff("sam@indigokite.dev", { name: "Sam Sen", staffRole: "sales" });
    recruiter = await signInStaff("hema@indigokite.dev", { name: "Hema Iyer", staffRole: "recruiter" });
    alice = await signUp("alice@kite.example", "Alice");
    arun = await signUp("arun@kite.example", "Arun");
    asha = await signUp("asha@kite.example", "Asha");
    kite = await companyOf({ id: alice.id, name: "Alice" });
    // Alice and Arun are the company's client admins; Asha is a member.
    await db().updateTable("users").set({ companyId: kite }).where("id", "in", [arun.id, asha.id]).execute();
    await db()
      .updateTable("users")
      .set({ clientAdmin: database.name === "sqlite" ? 1 : true })
      .where("id", "in", [alice.id, arun.id])
      .execute();
    await db()
      .updateTable("users")
      .set({ clientAdmin: database.name === "sqlite" ? 0 : false })
      .where("id", "=", asha.id)
      .execute();
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await cleanup();
  });
  beforeEach(async () => {
    await clearTables(
      "notifications",
      "mailOutbox",
      "notificationPreferences",
      "auditLog",
      "projectActivity",
      "milestones",
      "projectProgress",
      "projects",
      "quotes",
      "clientInvitations",
    );
    smtp.messages.length = 0;
    project = await insertProject(db(), { companyId: kite, createdBy: null, title: "Rider app", description: "", ownerId: delivery.id });
  });

  async function prefer(type: NotificationType, choices: Array<[TestUser, MailChoice]>) {
    for (const [user, choice] of choices) {
      const role = (await db().selectFrom("users").select("role").where("id", "=", user.id).executeTakeFirstOrThrow()).role;
      await saveMailPreferences({ id: user.id, role }, { choices: { [type]: choice }, digestHour: 9, timeZone: "UTC" });
    }
  }

  /** The notification mails of `type` in the outbox, by recipient, before the worker sends them. */
  async function notificationMails(type: NotificationType) {
    const rows = await db()
      .selectFrom("mailOutbox as m")
      .innerJoin("notifications as n", "n.id", "m.notificationId")
      .select(["m.toAddress", "m.status", "m.subject", "m.textBody"])
      .where("n.type", "=", type)
      .orderBy("m.toAddress")
      .execute();
    return rows;
  }

  async function deliver() {
    const worker = startMailWorker({ transport: createSmtpTransport(smtp.url), from: FROM, poll: false });
    try {
      await worker.runOnce(Date.now() + 1_000);
    } finally {
      await worker.stop();
    }
  }

  /** Now → sent through SMTP; digest → held in the outbox; off → nothing. Returns the sent mail's row. */
  async function expectByPreference(type: NotificationType, now: TestUser, digest: TestUser, off: TestUser) {
    const rows = await notificationMails(type);
    expect(rows.map((r) => [r.toAddress, r.status])).toEqual(
      [
        [now.email, "pending"],
        [digest.email, "digest"],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    expect(rows.map((r) => r.toAddress)).not.toContain(off.email);
    const sent = rows.find((r) => r.toAddress === now.email)!;
    await deliver();
    const arrived = smtp.messages.filter((m) => m.to.includes(now.email));
    expect(arrived.map((m) => m.subject)).toEqual([sent.subject]);
    expect(smtp.messages.some((m) => m.to.includes(digest.email) || m.to.includes(off.email))).toBe(false);
    return sent;
  }

  test("Project progress: a member on Immediately gets the mail with the staff note; Daily digest holds it; Off sends none", async () => {
    await prefer("progress_change", [
      [alice, "immediately"],
      [arun, "digest"],
      [asha, "off"],
    ]);
    await setProjectProgress(person(delivery, "Dev Rao"), { id: project.id, progress: 40, note: "Login screens done." });
    const sent = await expectByPreference("progress_change", alice, arun, asha);
    expect(sent.subject).toContain("Rider app is now 40% done");
    expect(sent.textBody).toContain("Login screens done.");
    expect(sent.textBody).toContain("Dev Rao");
    expect(sent.textBody).toContain(`${APP_URL}/user-dashboard/projects/${project.id}`);
  });

  test("Milestones done: marking a milestone Done mails each member as they chose", async () => {
    await prefer("milestone_done", [
      [arun, "immediately"],
      [asha, "digest"],
      [alice, "off"],
    ]);
    await addMilestone(person(delivery, "Dev Rao"), project.id, { title: "Design", status: "in_progress" });
    const [milestone] = await listMilestones({ projectId: project.id });
    await updateMilestone(person(delivery, "Dev Rao"), project.id, milestone!.id, { title: "Design", status: "done" });
    const sent = await expectByPreference("milestone_done", arun, asha, alice);
    expect(sent.subject).toContain("Design");
    expect(sent.textBody).toContain('"Design" of Rider app');
  });

  test("Milestones due: the sweep mails each member as they chose", async () => {
    await prefer("milestone_due", [
      [asha, "immediately"],
      [alice, "digest"],
      [arun, "off"],
    ]);
    const now = Date.now();
    const tomorrow = new Date(now + 86_400_000).toISOString().slice(0, 10);
    await db()
      .insertInto("milestones")
      .values({
        id: "ms-launch",
        projectId: project.id,
        title: "Launch",
        dueDate: tomorrow,
        status: "planned",
        position: 1,
        createdAt: now,
        updatedAt: now,
        completedAt: null,
      })
      .execute();
    await sweepMilestonesDue(now);
    const sent = await expectByPreference("milestone_due", asha, alice, arun);
    expect(sent.textBody).toContain(`is due on ${tomorrow}`);
  });

  test("Invitations accepted: the staff member who invited and the company's client admins get the mail as they chose", async () => {
    await prefer("invitation_accepted", [
      [delivery, "immediately"],
      [alice, "digest"],
      [arun, "off"],
    ]);
    const { token } = await writeTransaction((trx) =>
      insertClientInvitation(trx, person(delivery, "Dev Rao"), {
        companyId: kite,
        name: "Carla",
        email: "carla@kite.example",
        clientAdmin: false,
      }),
    );
    await clearTables("mailOutbox");
    await acceptClientInvitation(token, TEST_PASSWORD);
    const sent = await expectByPreference("invitation_accepted", delivery, alice, arun);
    expect(sent.textBody).toContain(`${APP_URL}/employee-dashboard/clients/${kite}`);
  });

  test("New leads: the staff who work leads get the mail as they chose", async () => {
    const sales2 = await signInStaff(`sara.${database.name}@indigokite.dev`, { name: "Sara Sen", staffRole: "sales" });
    await prefer("new_lead", [
      [sales, "immediately"],
      [admin, "digest"],
      [sales2, "off"],
    ]);
    const quote = await submitQuote({
      consent: CURRENT_CONSENT_VERSION,
      name: "Meera Rao",
      email: "meera@example.com",
      phone: "+91 98200 12345",
      country: "India",
      requirement: "A CRM.",
    });
    const sent = await expectByPreference("new_lead", sales, admin, sales2);
    expect(sent.subject).toBe("New lead from Meera Rao");
    expect(sent.textBody).toContain(`${APP_URL}/employee-dashboard/leads/${quote.id}`);
  });

  test("New applications: the staff who work applications get the mail as they chose", async () => {
    const recruiter2 = await signInStaff(`rita.${database.name}@indigokite.dev`, { name: "Rita Iyer", staffRole: "recruiter" });
    await prefer("new_application", [
      [recruiter, "immediately"],
      [admin, "digest"],
      [recruiter2, "off"],
    ]);
    await writeTransaction((trx) => notifyNewApplication(trx, { id: "app-1", name: "Ravi", openingTitle: "Engineer" }, Date.now()));
    const sent = await expectByPreference("new_application", recruiter, admin, recruiter2);
    expect(sent.textBody).toContain("Ravi applied for Engineer");
  });
});
