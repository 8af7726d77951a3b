import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as complaintRoute from "~/routes/console/complaint";
import * as inboxRoute from "~/routes/console/support";
import * as portalSupport from "~/routes/portal/support";
import { createComplaint } from "~/server/models/support/complaints.server";
import { db } from "~/server/db/db.server";
import { createProject } from "~/server/models/projects/projects.server";
import { clearTables, testDatabases } from "../helpers/databases";
import { companyOf, memberScope } from "../helpers/companies";
import type { TestUser } from "../helpers/accounts";
import { useAppWithTwoClients } from "../helpers/two-clients";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

const snapshot = async () => ({
  projects: await db().selectFrom("projects").select(["id", "progress"]).orderBy("id").execute(),
  history: await db().selectFrom("projectProgress").selectAll().execute(),
  complaints: await db().selectFrom("complaints").select(["id", "status"]).orderBy("id").execute(),
  replies: await db().selectFrom("complaintReplies").selectAll().execute(),
  audit: await db().selectFrom("auditLog").selectAll().execute(),
  outbox: await db().selectFrom("mailOutbox").selectAll().execute(),
});

describe.each(testDatabases("console-clients-support"))("Staff console clients and support on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    ({ alice, bob, staff, cleanup } = await useAppWithTwoClients(database, { staffName: "Priya Sharma" }));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "auditLog",
      "mailOutbox",
      "notifications",
      "projectProgress",
      "complaintReplies",
      "complaints",
      "projects",
      "profiles",
    );
  });

  const projectOf = async (who: TestUser, title = "Rider app") =>
    createProject(await memberScope(who), { title, description: "Delivery tracking." });
  // The desk's alert about the new request (staff's mail and bell) is not what these tests look at.
  const complaintOf = async (who: TestUser, subject = "Login broken") => {
    const complaint = await createComplaint(await memberScope(who), { subject, message: "It fails." });
    await clearTables("mailOutbox", "notifications");
    return complaint;
  };
  const thread = (who: TestUser | undefined, complaintId: string, form?: Record<string, string>) =>
    call(form ? complaintRoute.action : complaintRoute.loader, `/employee-dashboard/support/${complaintId}`, {
      params: { id: complaintId },
      cookie: who?.cookie,
      form,
    });

  test("A guest is sent to /login and a client is refused with 403 by every loader and action, and nothing changes", async () => {
    await projectOf(alice);
    const complaint = await complaintOf(alice);
    const before = await snapshot();
    for (const [who, expected] of [
      [undefined, { status: 302, location: "/login" }],
      [alice, { status: 403 }],
    ] as const) {
      const cookie = who?.cookie;
      const outcomes = [
        await call(inboxRoute.loader, "/employee-dashboard/support", { cookie }),
        await thread(who, complaint.id),
        await thread(who, complaint.id, { intent: "reply", text: "I am staff now" }),
        await thread(who, complaint.id, { intent: "set-status", status: "Resolved" }),
      ];
      for (const outcome of outcomes) expect(outcome).toMatchObject(expected);
    }
    expect(await snapshot()).toEqual(before);
    expect(before.audit).toEqual([]);
  });

  test("A form with an unknown intent is refused", async () => {
    const complaint = await complaintOf(alice);
    expect((await thread(staff, complaint.id, { intent: "delete" })).status).toBe(400);
    expect((await snapshot()).audit).toEqual([]);
  });

  test("The support inbox lists every client's requests, unresolved first then newest, and filters by status", async () => {
    const old = await complaintOf(alice, "Old pending");
    const resolved = await complaintOf(bob, "Resolved one");
    const fresh = await complaintOf(bob, "New pending");
    await db().updateTable("complaints").set({ createdAt: 1000 }).where("id", "=", old.id).execute();
    await db().updateTable("complaints").set({ createdAt: 3000, status: "Resolved" }).where("id", "=", resolved.id).execute();
    await db().updateTable("complaints").set({ createdAt: 2000 }).where("id", "=", fresh.id).execute();
    const list = async (query = "") =>
      (await call(inboxRoute.loader, `/employee-dashboard/support${query}`, { cookie: staff.cookie })).data as {
        entries: { subject: string; createdByEmail: string; companyId: string; status: string }[];
        total: number;
      };
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.entries.map((e) => e.subject)).toEqual(["New pending", "Old pending", "Resolved one"]);
    // Each request shows its company and the member who raised it.
    expect(all.entries[1]).toMatchObject({ createdByEmail: "alice@example.com", companyId: await companyOf(alice), status: "Pending" });
    expect((await list("?status=Resolved")).entries.map((e) => e.subject)).toEqual(["Resolved one"]);
    expect((await list("?status=Pending")).total).toBe(2);
    expect((await list("?status=Bogus")).total).toBe(3);
  });

  test("A staff reply is stored as 'staff' with the staff member's name, mails the client and shows in their Support panel", async () => {
    const complaint = await complaintOf(alice);
    const live = recordEvents();
    const outcome = await thread(staff, complaint.id, {
      intent: "reply",
      text: "  We fixed it today.  ",
      sender: "user",
      senderName: "Fake",
    });
    live.stop();
    expect(outcome).toMatchObject({ status: 200, data: { intent: "reply", status: "success" } });
    const stored = await snapshot();
    expect(stored.replies).toMatchObject([
      { complaintId: complaint.id, sender: "staff", senderName: "Priya Sharma", text: "We fixed it today." },
    ]);
    expect(stored.outbox).toHaveLength(1);
    // The mail rides the client's notification (one per member of the company).
    const [notice] = await db().selectFrom("notifications").selectAll().where("userId", "=", alice.id).execute();
    expect(notice).toMatchObject({ type: "staff_reply", eventKey: `complaint-reply:${stored.replies[0]!.id}` });
    expect(stored.outbox[0]).toMatchObject({
      toAddress: "alice@example.com",
      idempotencyKey: `notification:${notice!.id}`,
      status: "pending",
    });
    expect(stored.outbox[0]!.textBody).toContain("We fixed it today.");
    expect(stored.outbox[0]!.textBody).toContain("Priya Sharma");
    expect(stored.outbox[0]!.textBody).not.toContain("Login broken");
    expect(stored.audit).toMatchObject([
      { actorEmail: staff.email, action: "complaint.reply", entity: "complaint", entityId: complaint.id },
    ]);
    expect(live.seen).toContainEqual({ type: "complaint.changed", id: complaint.id, companyId: await companyOf(alice) });

    const mine = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: { replies: { sender: string; senderName: string; text: string }[] }[];
    };
    expect(mine.complaints[0]!.replies).toMatchObject([{ sender: "staff", senderName: "Priya Sharma", text: "We fixed it today." }]);
    const bobs = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: bob.cookie })).data as { complaints: unknown[] };
    expect(bobs.complaints).toEqual([]);

    const staffView = await thread(staff, complaint.id);
    expect(staffView.data).toMatchObject({
      complaint: {
        id: complaint.id,
        company: { id: await companyOf(alice) },
        createdByUser: { id: alice.id, email: alice.email },
        replies: [{ sender: "staff", senderName: "Priya Sharma" }],
      },
    });
  });

  test("A blank staff reply is ignored: nothing stored, mailed or audited", async () => {
    const complaint = await complaintOf(alice);
    for (const text of ["", "   ", "\n\t "]) {
      expect(await thread(staff, complaint.id, { intent: "reply", text })).toMatchObject({ status: 200, data: { status: "ignored" } });
    }
    const stored = await snapshot();
    expect([stored.replies, stored.outbox, stored.audit]).toEqual([[], [], []]);
  });

  test("Resolving and reopening mail the client each time with an audit row; the same status again changes nothing", async () => {
    const complaint = await complaintOf(alice);
    const resolved = await thread(staff, complaint.id, { intent: "set-status", status: "Resolved", ownerId: bob.id });
    expect(resolved).toMatchObject({ status: 200, data: { intent: "set-status", status: "success" } });
    expect(await thread(staff, complaint.id, { intent: "set-status", status: "Resolved" })).toMatchObject({
      status: 200,
      data: { status: "unchanged" },
    });
    const mine = (await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie })).data as {
      complaints: { status: string }[];
    };
    expect(mine.complaints[0]!.status).toBe("Resolved");

    expect(await thread(staff, complaint.id, { intent: "set-status", status: "Pending" })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    const stored = await snapshot();
    expect(stored.complaints).toEqual([{ id: complaint.id, status: "Pending" }]);
    expect(stored.audit.map((a) => [a.action, JSON.parse(a.detail).from, JSON.parse(a.detail).to]).sort()).toEqual([
      ["complaint.status", "Pending", "Resolved"],
      ["complaint.status", "Resolved", "Pending"],
    ]);
    const changeIds = stored.audit.map((a) => JSON.parse(a.detail).changeId as string);
    const notices = await db().selectFrom("notifications").select(["id", "eventKey"]).where("userId", "=", alice.id).execute();
    expect(notices.map((n) => n.eventKey).sort()).toEqual(changeIds.map((id) => `complaint-status:${id}`).sort());
    expect(stored.outbox.map((m) => m.idempotencyKey).sort()).toEqual(notices.map((n) => `notification:${n.id}`).sort());
    expect(stored.outbox.every((m) => m.toAddress === "alice@example.com")).toBe(true);
    expect(stored.outbox.map((m) => m.subject).sort()).toEqual([
      "Your support request is open again - Indigo Kite Technologies",
      "Your support request is resolved - Indigo Kite Technologies",
    ]);
  });

  test("A status other than Pending or Resolved is refused and changes nothing", async () => {
    const complaint = await complaintOf(alice);
    for (const status of ["Closed", "", "resolved"]) {
      expect(await thread(staff, complaint.id, { intent: "set-status", status })).toMatchObject({
        status: 400,
        data: { status: "invalid" },
      });
    }
    const stored = await snapshot();
    expect(stored.complaints).toEqual([{ id: complaint.id, status: "Pending" }]);
    expect([stored.outbox, stored.audit]).toEqual([[], []]);
  });

  test("An unknown support request is not found for the thread, a reply and a status change", async () => {
    const id = "00000000-0000-0000-0000-000000000000";
    expect(await thread(staff, id)).toMatchObject({ status: 404 });
    const message = "This support request no longer exists.";
    expect(await thread(staff, id, { intent: "reply", text: "Hello" })).toMatchObject({ status: 404, data: { status: "error", message } });
    expect(await thread(staff, id, { intent: "set-status", status: "Resolved" })).toMatchObject({
      status: 404,
      data: { status: "error", message },
    });
    const stored = await snapshot();
    expect([stored.replies, stored.outbox, stored.audit]).toEqual([[], [], []]);
  });
});
