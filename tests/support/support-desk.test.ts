import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as complaintRoute from "~/routes/console/complaint";
import * as inboxRoute from "~/routes/console/support";
import * as portalSupport from "~/routes/portal/support";
import { db } from "~/server/db/db.server";
import { disableStaff } from "~/server/models/accounts/staff.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { companyOf } from "../helpers/companies";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

// The support desk — who hears of what, assignment, priority, waiting since,
// clients closing and reopening (decision 0044). Notes and saved replies: support-desk-notes.test.ts.

const DAY = 86_400_000;

describe.each(testDatabases("support-desk"))("Support desk on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let amir: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let sales: TestUser;
  let delivery: TestUser;
  let recruiter: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://desk.example" }));
    alice = await signUp("alice@example.com", "Alice");
    amir = await signUp("amir@example.com", "Amir");
    bob = await signUp("bob@example.org", "Bob");
    // Amir is Alice's teammate: same company.
    const kite = await companyOf(alice);
    const own = await companyOf(amir);
    await db().updateTable("users").set({ companyId: kite }).where("id", "=", amir.id).execute();
    await db().deleteFrom("companies").where("id", "=", own).execute();
    await companyOf(bob);
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Admin" });
    sales = await signInStaff("sam@indigokite.dev", { name: "Sam Sales", staffRole: "sales" });
    delivery = await signInStaff("dev@indigokite.dev", { name: "Dev Delivery", staffRole: "delivery" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita Recruiter", staffRole: "recruiter" });
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "mailOutbox", "notifications", "complaintNotes", "complaintReplies", "complaints");
  });

  const post = (who: TestUser, form: Record<string, string>) =>
    call(portalSupport.action, "/user-dashboard/support", { cookie: who.cookie, form });
  const staffPost = (who: TestUser, id: string, form: Record<string, string>) =>
    call(complaintRoute.action, `/employee-dashboard/support/${id}`, { params: { id }, cookie: who.cookie, form });
  const raise = async (who: TestUser, subject = "Login broken", extra: Record<string, string> = {}) => {
    expect(await post(who, { intent: "create-complaint", subject, message: "It fails.", ...extra })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    return db().selectFrom("complaints").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
  };
  const clientReply = (who: TestUser, complaintId: string, text = "Still failing.") => post(who, { intent: "reply", complaintId, text });
  const noticesOf = async (type: string) =>
    (await db().selectFrom("notifications").select(["userId", "eventKey", "title", "link"]).where("type", "=", type).execute()).sort(
      (a, b) => a.userId.localeCompare(b.userId),
    );
  const recipients = async (type: string) => (await noticesOf(type)).map((n) => n.userId).sort();
  const mailedTo = async () => (await db().selectFrom("mailOutbox").select("toAddress").execute()).map((m) => m.toAddress).sort();
  const row = (id: string) => db().selectFrom("complaints").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const inbox = async (who: TestUser, query = "") =>
    (await call(inboxRoute.loader, `/employee-dashboard/support${query}`, { cookie: who.cookie })).data as {
      entries: {
        id: string;
        subject: string;
        priority: string;
        assigneeId: string | null;
        assigneeName: string | null;
        waitingSince: number | null;
      }[];
      total: number;
    };

  test("A new request alerts every staff member who may use Support while it is unassigned, with a mail each, and no client or recruiter", async () => {
    const complaint = await raise(alice);
    const notices = await noticesOf("new_request");
    expect(notices.map((n) => n.userId).sort()).toEqual([admin.id, sales.id, delivery.id].sort());
    expect(notices[0]).toMatchObject({
      eventKey: `complaint-new:${complaint.id}`,
      link: `/employee-dashboard/support/${complaint.id}`,
      title: 'New support request: "Login broken"',
    });
    expect(await mailedTo()).toEqual([admin.email, sales.email, delivery.email].sort());
    const mail = await db().selectFrom("mailOutbox").selectAll().where("toAddress", "=", sales.email).executeTakeFirstOrThrow();
    expect(mail.subject).toBe("New support request: Login broken");
    expect(mail.textBody).toContain("It fails.");
    expect(mail.textBody).toContain(`https://desk.example/employee-dashboard/support/${complaint.id}`);
    expect(Number((await row(complaint.id)).waitingSince)).toBeGreaterThan(Date.now() - 60_000);
  });

  test("A client's reply alerts only the assignee once assigned; everyone on the desk again once the assignee is disabled", async () => {
    const complaint = await raise(alice);
    const tina = await signInStaff(`tina-${database.name}@indigokite.dev`, { name: "Tina", staffRole: "delivery" });
    await clearTables("notifications", "mailOutbox");
    expect(await staffPost(admin, complaint.id, { intent: "assign", assignee: tina.id })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    expect(await clientReply(amir, complaint.id)).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await recipients("client_reply")).toEqual([tina.id]);
    expect(await mailedTo()).toEqual([tina.email]);
    const [notice] = await noticesOf("client_reply");
    expect(notice!.title).toBe('Amir replied to "Login broken"');

    await clearTables("notifications", "mailOutbox");
    await disableStaff({ id: admin.id, email: admin.email, name: "Priya" }, tina.id);
    await clientReply(alice, complaint.id, "Anyone there?");
    expect(await recipients("client_reply")).toEqual([admin.id, sales.id, delivery.id].sort());
  });

  test("A staff reply reaches every member of the company, and nobody else, by bell and mail; the client stops waiting", async () => {
    const complaint = await raise(alice);
    await clearTables("notifications", "mailOutbox");
    expect(await staffPost(delivery, complaint.id, { intent: "reply", text: "We fixed it." })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    expect(await recipients("staff_reply")).toEqual([alice.id, amir.id].sort());
    expect(await mailedTo()).toEqual([alice.email, amir.email].sort());
    // One mail per member, with the text; no second mail from the old direct send.
    const mails = await db().selectFrom("mailOutbox").selectAll().execute();
    expect(
      mails.every(
        (m) => m.subject === "New reply to your support request - Indigo Kite Technologies" && m.textBody.includes("We fixed it."),
      ),
    ).toBe(true);
    expect((await row(complaint.id)).waitingSince).toBeNull();
    const [notice] = await noticesOf("staff_reply");
    expect(notice!.link).toBe(`/user-dashboard/support?request=${complaint.id}#complaint-${complaint.id}`);
  });

  test("A status change reaches every member of the company with its mail, and not the staff who made it", async () => {
    const complaint = await raise(alice);
    await clearTables("notifications", "mailOutbox");
    await staffPost(admin, complaint.id, { intent: "set-status", status: "Resolved" });
    expect(await recipients("status_change")).toEqual([alice.id, amir.id].sort());
    const subjects = (await db().selectFrom("mailOutbox").select("subject").execute()).map((m) => m.subject);
    expect(subjects).toEqual([
      "Your support request is resolved - Indigo Kite Technologies",
      "Your support request is resolved - Indigo Kite Technologies",
    ]);
  });

  test("Staff assign to themselves, to a named colleague with Support, and unassign, each audited; a recruiter, disabled or unknown person is refused", async () => {
    const complaint = await raise(alice);
    expect(await staffPost(sales, complaint.id, { intent: "assign", assignee: "me" })).toMatchObject({
      data: { status: "success", message: "Assigned to you." },
    });
    expect((await row(complaint.id)).assigneeId).toBe(sales.id);
    expect(await staffPost(sales, complaint.id, { intent: "assign", assignee: "me" })).toMatchObject({ data: { status: "unchanged" } });
    expect(await staffPost(sales, complaint.id, { intent: "assign", assignee: delivery.id })).toMatchObject({
      data: { status: "success" },
    });
    for (const assignee of [recruiter.id, alice.id, "nobody-at-all"]) {
      const refused = await staffPost(admin, complaint.id, { intent: "assign", assignee });
      expect(refused).toMatchObject({
        status: 422,
        data: { status: "error", message: "Only active staff whose role includes Support can be assigned a request." },
      });
    }
    expect(await staffPost(admin, complaint.id, { intent: "assign", assignee: "none" })).toMatchObject({
      data: { status: "success", message: "Unassigned." },
    });
    expect((await row(complaint.id)).assigneeId).toBeNull();
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "actorEmail", "detail"])
      .where("action", "=", "complaint.assign")
      .orderBy("createdAt")
      .execute();
    expect(audit.map((a) => [a.actorEmail, JSON.parse(a.detail).to])).toEqual([
      [sales.email, sales.id],
      [sales.email, delivery.id],
      [admin.email, null],
    ]);
    // Refused posts changed nothing; a client and a recruiter cannot post at all.
    expect((await staffPost(recruiter, complaint.id, { intent: "assign", assignee: "me" })).status).toBe(403);
    expect((await staffPost(alice, complaint.id, { intent: "assign", assignee: "me" })).status).toBe(403);
  });

  test("Assign, priority, a note and the inbox's Assign to me on a request that is gone answer 404 and change nothing", async () => {
    const gone = "no-such-request";
    const message = "This support request no longer exists.";
    const forms: Record<string, string>[] = [
      { intent: "assign", assignee: "me" },
      { intent: "set-priority", priority: "urgent" },
      { intent: "add-note", text: "Lost?" },
    ];
    for (const form of forms) {
      expect(await staffPost(admin, gone, form)).toMatchObject({ status: 404, data: { intent: form.intent, status: "error", message } });
    }
    const quick = await call(inboxRoute.action, "/employee-dashboard/support", {
      cookie: sales.cookie,
      form: { intent: "assign-to-me", id: gone },
    });
    expect(quick).toMatchObject({ status: 404, data: { status: "error", targetId: gone, message } });
    expect(await db().selectFrom("auditLog").select("action").execute()).toEqual([]);
    expect(await db().selectFrom("complaintNotes").select("id").execute()).toEqual([]);
  });

  test("The inbox's quick Assign to me, and the Mine, Unassigned and All views", async () => {
    const one = await raise(alice, "First");
    const two = await raise(bob, "Second");
    await raise(bob, "Third");
    const quick = await call(inboxRoute.action, "/employee-dashboard/support", {
      cookie: sales.cookie,
      form: { intent: "assign-to-me", id: one.id },
    });
    expect(quick).toMatchObject({ status: 200, data: { status: "success", targetId: one.id } });
    await staffPost(admin, two.id, { intent: "assign", assignee: delivery.id });
    expect((await inbox(sales, "?view=mine")).entries.map((e) => e.subject)).toEqual(["First"]);
    expect((await inbox(sales, "?view=unassigned")).entries.map((e) => e.subject)).toEqual(["Third"]);
    expect((await inbox(sales, "?view=all")).total).toBe(3);
    expect((await inbox(delivery, "?view=mine")).entries.map((e) => [e.subject, e.assigneeName])).toEqual([["Second", "Dev Delivery"]]);
    expect(
      (await call(inboxRoute.action, "/employee-dashboard/support", { cookie: alice.cookie, form: { intent: "assign-to-me", id: one.id } }))
        .status,
    ).toBe(403);
  });

  test("Priority is set on the request page, audited, filtered and sorted most urgent first; a made-up one is refused", async () => {
    const low = await raise(alice, "Low one");
    const urgent = await raise(alice, "Urgent one");
    await raise(alice, "Normal one");
    expect(await staffPost(admin, urgent.id, { intent: "set-priority", priority: "urgent" })).toMatchObject({
      data: { status: "success", message: "Priority set to Urgent." },
    });
    await staffPost(admin, low.id, { intent: "set-priority", priority: "low" });
    expect(await staffPost(admin, low.id, { intent: "set-priority", priority: "critical" })).toMatchObject({
      status: 400,
      data: { status: "invalid" },
    });
    expect((await row(low.id)).priority).toBe("low");
    expect((await inbox(admin, "?sort=priority")).entries.map((e) => e.subject)).toEqual(["Urgent one", "Normal one", "Low one"]);
    expect((await inbox(admin, "?priority=urgent")).entries.map((e) => e.subject)).toEqual(["Urgent one"]);
    expect(await db().selectFrom("auditLog").select("action").where("action", "=", "complaint.priority").execute()).toHaveLength(2);
  });

  test("Waiting since counts from the client's oldest unanswered message, clears on a staff reply, and filters and sorts oldest first", async () => {
    const older = await raise(alice, "Older");
    const newer = await raise(bob, "Newer");
    const answered = await raise(bob, "Answered");
    await db().updateTable("complaints").set({ waitingSince: 1_000 }).where("id", "=", older.id).execute();
    await db().updateTable("complaints").set({ waitingSince: 5_000 }).where("id", "=", newer.id).execute();
    // A second client message keeps the oldest unanswered one.
    await clientReply(alice, older.id, "Hello?");
    expect(Number((await row(older.id)).waitingSince)).toBe(1_000);
    await staffPost(admin, answered.id, { intent: "reply", text: "Done." });
    expect((await row(answered.id)).waitingSince).toBeNull();
    const waiting = await inbox(admin, "?waiting=1&sort=waiting");
    expect(waiting.entries.map((e) => e.subject)).toEqual(["Older", "Newer"]);
    expect((await inbox(admin, "?sort=waiting")).entries.map((e) => e.subject)).toEqual(["Older", "Newer", "Answered"]);
    // The client speaks again after our answer: waiting from that reply.
    const before = Date.now();
    await clientReply(bob, answered.id, "It broke again.");
    expect(Number((await row(answered.id)).waitingSince)).toBeGreaterThanOrEqual(before);
  });

  test("Any member closes their company's request and reopens it within 30 days; after that a clear 409, and another company gets 404", async () => {
    const complaint = await raise(alice);
    expect(await post(amir, { intent: "close", complaintId: complaint.id })).toMatchObject({ status: 200, data: { status: "success" } });
    const closed = await row(complaint.id);
    expect(closed).toMatchObject({ status: "Closed", waitingSince: null });
    expect(closed.closedAt).not.toBeNull();
    // A closed request takes no reply until reopened.
    expect(await clientReply(alice, complaint.id)).toMatchObject({
      status: 409,
      data: { message: "This request is closed. Reopen it to reply." },
    });
    expect(await post(bob, { intent: "reopen", complaintId: complaint.id })).toMatchObject({ status: 404 });
    expect(await post(bob, { intent: "close", complaintId: complaint.id })).toMatchObject({ status: 404 });
    expect(await post(alice, { intent: "reopen", complaintId: complaint.id })).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await row(complaint.id)).toMatchObject({ status: "Pending", closedAt: null });

    await post(alice, { intent: "close", complaintId: complaint.id });
    await db()
      .updateTable("complaints")
      .set({ closedAt: Date.now() - 31 * DAY })
      .where("id", "=", complaint.id)
      .execute();
    const late = await post(alice, { intent: "reopen", complaintId: complaint.id });
    expect(late).toMatchObject({ status: 409, data: { status: "error" } });
    expect(late.data!.message).toContain("more than 30 days ago");
    expect((await row(complaint.id)).status).toBe("Closed");
    const portal = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: { status: string; reopenable: boolean }[];
    };
    expect(portal.complaints[0]).toMatchObject({ status: "Closed", reopenable: false });
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "actorEmail", "detail"])
      .where("action", "=", "complaint.status")
      .orderBy("createdAt")
      .execute();
    expect(audit.map((a) => [a.actorEmail, JSON.parse(a.detail).to])).toEqual([
      [amir.email, "Closed"],
      [alice.email, "Pending"],
      [alice.email, "Closed"],
    ]);
  });

  test("A client's reply to a Resolved request reopens it: Pending again, audited, and the desk is told", async () => {
    const complaint = await raise(alice);
    await staffPost(admin, complaint.id, { intent: "assign", assignee: delivery.id });
    await staffPost(admin, complaint.id, { intent: "set-status", status: "Resolved" });
    await clearTables("notifications", "mailOutbox", "auditLog");
    const live = recordEvents();
    expect(await clientReply(amir, complaint.id, "It is back.")).toMatchObject({ status: 200, data: { status: "success" } });
    live.stop();
    expect((await row(complaint.id)).status).toBe("Pending");
    const audit = await db().selectFrom("auditLog").selectAll().execute();
    expect(audit).toMatchObject([{ action: "complaint.status", actorEmail: amir.email, entityId: complaint.id }]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ from: "Resolved", to: "Pending", by: "client-reply" });
    const notices = await noticesOf("client_reply");
    expect(notices.map((n) => [n.userId, n.title])).toEqual([[delivery.id, 'Amir replied to "Login broken" and reopened it']]);
    expect(live.seen).toContainEqual({ type: "notification.changed", userId: delivery.id });
  });

  test("A client's forged assignee, priority, waiting time or status changes nothing", async () => {
    const forged = {
      assigneeId: sales.id,
      assignee_id: sales.id,
      priority: "urgent",
      waitingSince: "1",
      closedAt: "1",
      status: "Resolved",
    };
    const complaint = await raise(alice, "Forged", forged);
    expect(await row(complaint.id)).toMatchObject({ assigneeId: null, priority: "normal", status: "Pending", closedAt: null });
    await post(alice, { intent: "reply", complaintId: complaint.id, text: "More", ...forged });
    await post(alice, { intent: "close", complaintId: complaint.id, ...forged });
    expect(await row(complaint.id)).toMatchObject({ assigneeId: null, priority: "normal", status: "Closed" });
    // The portal never hands out the desk's fields.
    const portal = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: Record<string, unknown>[];
    };
    for (const key of ["assigneeId", "priority", "waitingSince"]) expect(portal.complaints[0]).not.toHaveProperty(key);
  });

  test("The portal lists a company's requests twenty a page, newest first, and a link or a form naming an older one opens its page", async () => {
    const kite = await companyOf(alice);
    const base = Date.now() - 100 * DAY;
    // 45 requests a day apart: "request 44" is the newest, "request 0" the oldest (page 3).
    await db()
      .insertInto("complaints")
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          id: `paged-${String(i).padStart(2, "0")}`,
          companyId: kite,
          createdBy: alice.id,
          subject: `request ${i}`,
          message: "Paged.",
          status: "Pending",
          createdAt: base + i * DAY,
          updatedAt: base + i * DAY,
          waitingSince: base + i * DAY,
        })),
      )
      .execute();
    type Page = { complaints: { subject: string }[]; total: number; page: number };
    const load = async (query: string, who = alice) =>
      (await call(portalSupport.loader, `/user-dashboard/support${query}`, { cookie: who.cookie })).data as Page;
    const first = await load("");
    expect(first).toMatchObject({ total: 45, page: 1 });
    expect(first.complaints.map((c) => c.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `request ${44 - i}`));
    const last = await load("?page=3");
    expect(last.complaints.map((c) => c.subject)).toEqual(Array.from({ length: 5 }, (_, i) => `request ${4 - i}`));
    // A notification's link to the oldest request, and a reply posted from its card, open page 3.
    expect((await load("?request=paged-00")).page).toBe(3);
    expect((await load("?reply=paged-00")).complaints.map((c) => c.subject)).toContain("request 0");
    // Page 2 holds requests 24 down to 5.
    expect((await load("?request=paged-24")).page).toBe(2);
    expect((await load("?request=paged-25")).page).toBe(1);
    // Another company's member naming Alice's request gets their own first page, and sees none of hers.
    const bobs = await load("?request=paged-00", bob);
    expect(bobs).toMatchObject({ total: 0, page: 1, complaints: [] });
  });
});
