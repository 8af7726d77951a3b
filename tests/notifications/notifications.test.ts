import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { DEMO_BRAND } from "~/lib/brand";
import * as readRoute from "~/routes/resources/notifications-read";
import * as portalPage from "~/routes/portal/notifications";
import * as consolePage from "~/routes/console/notifications";
import * as portalLayout from "~/routes/portal/layout";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCount } from "~/server/models/notifications/reads.server";
import { notify, type NewNotification } from "~/server/models/notifications/notifications.server";
import { composeMail } from "~/server/mail/templates.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

const SAME_ORIGIN = { Origin: "http://localhost", Host: "localhost" };

describe.each(testDatabases("notifications"))("The notification centre on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let arun: TestUser;
  let ama: TestUser;
  let bob: TestUser;
  let staff: TestUser;

  const note = (n: number, extra: Partial<NewNotification> = {}): NewNotification => ({
    type: "progress_change",
    eventKey: `test:${n}`,
    title: `Progress ${n}`,
    link: "/user-dashboard/projects",
    ...extra,
  });
  const send = (recipients: string[], n: number, extra: Partial<NewNotification> = {}, options: { actorId?: string; now?: number } = {}) =>
    writeTransaction((trx) => notify(trx, recipients, note(n, extra), { now: options.now ?? 1_000 + n, actorId: options.actorId }));
  const rows = () => db().selectFrom("notifications").selectAll().orderBy("createdAt").execute();
  const mails = () => db().selectFrom("mailOutbox").select(["toAddress", "subject"]).orderBy("toAddress").execute();
  const post = (who: TestUser, form: Record<string, string>) =>
    call(readRoute.action, "/notifications/read", { cookie: who.cookie, form, headers: SAME_ORIGIN });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://agency.test" }));
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    alice = await signUp("alice@kite.example", "Alice");
    arun = await signUp("arun@kite.example", "Arun");
    ama = await signUp("ama@kite.example", "Ama", { verified: false });
    bob = await signUp("bob@acme.example", "Bob");
    const kite = await companyOf({ id: alice.id, name: "Alice" });
    await db().updateTable("users").set({ companyId: kite }).where("id", "in", [arun.id, ama.id]).execute();
    await companyOf({ id: bob.id, name: "Bob" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => clearTables("notificationReadMarks", "notifications", "mailOutbox"));

  test("notify leaves the actor out, writes one row per person, and a repeated event key writes nothing", async () => {
    expect(await send([alice.id, arun.id, alice.id], 1, {}, { actorId: arun.id })).toEqual([alice.id]);
    expect(await send([alice.id, arun.id], 1)).toEqual([arun.id]);
    expect(await send([alice.id, arun.id], 1)).toEqual([]);
    expect((await rows()).map((r) => [r.userId, r.eventKey])).toEqual([
      [alice.id, "test:1"],
      [arun.id, "test:1"],
    ]);
  });

  test("notify refuses a link that is not an app path, and writes nothing", async () => {
    for (const link of ["https://evil.example/x", "//evil.example/x", "javascript:alert(1)"]) {
      await expect(send([alice.id], 2, { link })).rejects.toThrow(RangeError);
    }
    expect(await rows()).toEqual([]);
  });

  test("notify queues the event's mail to each verified recipient in the same transaction, and a rollback takes both away", async () => {
    const mail = composeMail({ subject: "Progress on Rider app", heading: "Progress", blocks: ["Now 40%."] }, DEMO_BRAND);
    await send([alice.id, arun.id, ama.id], 3, { mail });
    expect(await mails()).toEqual([
      { toAddress: alice.email, subject: "Progress on Rider app" },
      { toAddress: arun.email, subject: "Progress on Rider app" },
    ]);
    // Ama's address is not verified (decision 0028): her bell has it, her inbox does not.
    expect((await rows()).map((r) => r.userId).sort()).toEqual([alice.id, arun.id, ama.id].sort());

    await clearTables("notifications", "mailOutbox");
    await expect(
      writeTransaction(async (trx) => {
        await notify(trx, [alice.id], note(4, { mail }));
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await rows()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  test("A person's list is newest first, paged, filtered by type and unread, and holds nobody else's", async () => {
    for (let n = 1; n <= 5; n++) await send([alice.id], n, n % 2 ? {} : { type: "milestone_done" });
    await send([bob.id], 9);
    await markNotificationRead({ id: (await rows())[0]!.id, userId: alice.id });
    const all = await listNotifications({ userId: alice.id }, {}, { limit: 2, offset: 0 });
    expect(all.total).toBe(5);
    expect(all.notifications.map((n) => n.title)).toEqual(["Progress 5", "Progress 4"]);
    expect((await listNotifications({ userId: alice.id }, {}, { limit: 2, offset: 4 })).notifications.map((n) => n.title)).toEqual([
      "Progress 1",
    ]);
    expect((await listNotifications({ userId: alice.id }, { type: "milestone_done" })).notifications.map((n) => n.title)).toEqual([
      "Progress 4",
      "Progress 2",
    ]);
    expect((await listNotifications({ userId: alice.id }, { unreadOnly: true })).total).toBe(4);
    expect(await unreadCount({ userId: alice.id })).toBe(4);
    expect(await unreadCount({ userId: bob.id })).toBe(1);
  });

  test("Marking one read is owner-scoped: another person's id changes nothing; marking all reads only one's own", async () => {
    await send([alice.id, bob.id], 1);
    await send([alice.id], 2);
    const bobs = (await rows()).find((r) => r.userId === bob.id)!;
    await expect(markNotificationRead({ id: bobs.id, userId: alice.id })).rejects.toMatchObject({ name: "Refusal", kind: "not-found" });
    expect(await unreadCount({ userId: bob.id })).toBe(1);
    expect(await markAllNotificationsRead({ userId: alice.id }, { now: 5_000 })).toBe(true);
    expect(await markAllNotificationsRead({ userId: alice.id }, { now: 5_000 })).toBe(false);
    expect(await unreadCount({ userId: alice.id })).toBe(0);
    expect(await unreadCount({ userId: bob.id })).toBe(1);
  });

  test('Mark all marks up to the newest shown: one arriving meanwhile stays unread; the count stops at 100 ("99+")', async () => {
    await send([alice.id], 1, {}, { now: 10_000 });
    await send([alice.id], 2, {}, { now: 20_000 });
    expect(await markAllNotificationsRead({ userId: alice.id }, { upTo: 10_000, now: 30_000 })).toBe(true);
    expect(await unreadCount({ userId: alice.id })).toBe(1);
    const { notifications } = await listNotifications({ userId: alice.id });
    expect(notifications.map((n) => [n.title, n.readAt])).toEqual([
      ["Progress 2", null],
      ["Progress 1", 10_000],
    ]);
    // A mark never moves back, and opening one already under it changes nothing.
    expect(await markAllNotificationsRead({ userId: alice.id }, { upTo: 5_000, now: 30_000 })).toBe(false);
    expect(await markNotificationRead({ id: notifications[1]!.id, userId: alice.id })).toBe("read");
    for (let n = 3; n < 130; n++) await send([alice.id], n, {}, { now: 40_000 + n });
    expect(await unreadCount({ userId: alice.id })).toBe(100);
  });

  test("POST /notifications/read marks one and comes back with 303 to a same-origin path, telling the person's other tabs", async () => {
    await send([alice.id], 1, { link: "/user-dashboard/projects/p1" });
    const [row] = await rows();
    const { seen, stop } = recordEvents();
    const outcome = await post(alice, { intent: "one", id: row!.id, returnTo: "/user-dashboard/projects/p1" });
    stop();
    expect([outcome.status, outcome.location]).toEqual([303, "/user-dashboard/projects/p1"]);
    expect((await rows())[0]!.readAt).not.toBeNull();
    expect(seen).toEqual([{ type: "notification.changed", userId: alice.id }]);
    // An outside address falls back to the person's notifications page.
    await send([alice.id], 2);
    const all = await post(alice, { intent: "all", returnTo: "https://evil.example/" });
    expect([all.status, all.location]).toEqual([303, "/user-dashboard/notifications"]);
    expect(await unreadCount({ userId: alice.id })).toBe(0);
    const staffAll = await post(staff, { intent: "all" });
    expect(staffAll.location).toBe("/employee-dashboard/notifications");
  });

  test("POST /notifications/read with another person's id answers 404 and changes nothing; bad input answers 400; a cross-site post 403", async () => {
    await send([bob.id], 1);
    const [row] = await rows();
    expect((await post(alice, { intent: "one", id: row!.id })).status).toBe(404);
    expect((await post(alice, { intent: "one", id: "" })).status).toBe(400);
    expect((await post(alice, { intent: "some" })).status).toBe(400);
    const crossSite = await call(readRoute.action, "/notifications/read", {
      cookie: bob.cookie,
      form: { intent: "all" },
      headers: { Origin: "https://evil.example", Host: "localhost" },
    });
    expect(crossSite.status).toBe(403);
    expect(await unreadCount({ userId: bob.id })).toBe(1);
    const guest = await call(readRoute.action, "/notifications/read", { form: { intent: "all" }, headers: SAME_ORIGIN });
    expect(guest.location).toBe("/login");
  });

  test("The pages and the bell show a person their own notifications only, with the filters of the GET form", async () => {
    await send([alice.id], 1);
    await send([alice.id], 2, { type: "milestone_done" });
    await send([bob.id], 3, { title: "Bob's secret project" });
    await send([staff.id], 4, { type: "new_lead", title: "New lead from Zed", link: "/employee-dashboard/leads" });
    const page = await call(portalPage.loader, "/user-dashboard/notifications?type=milestone_done", { cookie: alice.cookie });
    expect(page.data).toMatchObject({
      total: 1,
      unread: 2,
      filter: { type: "milestone_done", unreadOnly: false },
      notifications: [{ title: "Progress 2" }],
    });
    const stale = await call(portalPage.loader, "/user-dashboard/notifications?type=nonsense&unread=1", { cookie: alice.cookie });
    expect(stale.data).toMatchObject({ total: 2, filter: { type: "", unreadOnly: true } });
    const layout = await call(portalLayout.loader, "/user-dashboard", { cookie: alice.cookie });
    expect(layout.data).toMatchObject({ bell: { unread: 2 } });
    expect(JSON.stringify(layout.data)).not.toContain("Bob's secret project");
    const consoleList = await call(consolePage.loader, "/employee-dashboard/notifications", { cookie: staff.cookie });
    expect(consoleList.data).toMatchObject({ total: 1, notifications: [{ title: "New lead from Zed" }] });
    expect((await call(consolePage.loader, "/employee-dashboard/notifications", { cookie: alice.cookie })).status).toBe(403);
  });
});
