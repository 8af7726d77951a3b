import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as complaintRoute from "~/routes/console/complaint";
import * as savedRepliesRoute from "~/routes/console/saved-replies";
import * as portalSupport from "~/routes/portal/support";
import { fillPlaceholders, waitingLabel } from "~/lib/support-desk";
import { db } from "~/server/db/db.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { companyOf, memberScope } from "../helpers/companies";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

// Internal notes never reach a client; saved replies with placeholders
// (decision 0044).

const NOTE = "NOTE-SECRET the client owes us two invoices";

test("Placeholders are filled once, so a value that reads like a placeholder stays as typed", () => {
  const values = { clientName: "{company}", company: "<b>Acme</b>", requestSubject: "Login {client_name}" };
  expect(fillPlaceholders("Hi {client_name} of {company}, about {request_subject}. {unknown}", values)).toBe(
    "Hi {company} of <b>Acme</b>, about Login {client_name}. {unknown}",
  );
});

test("Waiting time reads in minutes, hours, then days", () => {
  const now = 10 * 86_400_000;
  expect(waitingLabel(now - 30_000, now)).toBe("Waiting under 1 min");
  expect(waitingLabel(now - 5 * 60_000, now)).toBe("Waiting 5 min");
  expect(waitingLabel(now - 3 * 3_600_000, now)).toBe("Waiting 3 h");
  expect(waitingLabel(now - 3 * 86_400_000, now)).toBe("Waiting 3 days");
});

describe.each(testDatabases("support-desk-notes"))("Internal notes and saved replies on $name", (database) => {
  let cleanup: () => Promise<void>;
  let alice: TestUser;
  let staff: TestUser;
  let recruiter: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    // A client whose name is markup and a placeholder: both must stay plain text.
    alice = await signUp("alice@example.com", "<b>x</b> {company}");
    staff = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    recruiter = await signInStaff("rita@indigokite.dev", { name: "Rita", staffRole: "recruiter" });
    await db()
      .updateTable("companies")
      .set({ name: "Acme & Co" })
      .where("id", "=", await companyOf(alice))
      .execute();
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("auditLog", "mailOutbox", "notifications", "complaintNotes", "complaintReplies", "complaints", "savedReplies");
  });

  const complaintOf = async () => {
    const complaint = await createComplaint(await memberScope(alice), { subject: "Invoice missing", message: "Where is it?" });
    await clearTables("mailOutbox", "notifications");
    return complaint;
  };
  const thread = (who: TestUser, id: string, form?: Record<string, string>, query = "") =>
    call(form ? complaintRoute.action : complaintRoute.loader, `/employee-dashboard/support/${id}${query}`, {
      params: { id },
      cookie: who.cookie,
      form,
    });
  const saved = (who: TestUser, form?: Record<string, string>, query = "") =>
    call(form ? savedRepliesRoute.action : savedRepliesRoute.loader, `/employee-dashboard/saved-replies${query}`, {
      cookie: who.cookie,
      form,
    });

  test("Staff add an internal note: listed with its author and time on the console page, and in no portal data, notification or mail", async () => {
    const complaint = await complaintOf();
    const live = recordEvents();
    expect(await thread(staff, complaint.id, { intent: "add-note", text: `  ${NOTE}  ` })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    live.stop();
    const page = (await thread(staff, complaint.id)).data as { notes: { authorName: string; text: string; createdAt: number }[] };
    expect(page.notes).toMatchObject([{ authorName: "Priya Sharma", text: NOTE }]);
    expect(page.notes[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    // The console hears of it; no portal stream event, no bell, no mail.
    expect(live.seen).toEqual([{ type: "complaint.noted", id: complaint.id, companyId: complaint.companyId }]);
    expect(await db().selectFrom("notifications").selectAll().execute()).toEqual([]);
    expect(await db().selectFrom("mailOutbox").selectAll().execute()).toEqual([]);

    await thread(staff, complaint.id, { intent: "reply", text: "We are looking." });
    await thread(staff, complaint.id, { intent: "set-status", status: "Resolved" });
    const portal = await call(portalSupport.loader, "/user-dashboard/support", { cookie: alice.cookie });
    expect(JSON.stringify(portal.data)).not.toContain("NOTE-SECRET");
    const mails = await db().selectFrom("mailOutbox").select(["textBody", "htmlBody", "subject"]).execute();
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails)).not.toContain("NOTE-SECRET");
    expect(JSON.stringify(await db().selectFrom("notifications").selectAll().execute())).not.toContain("NOTE-SECRET");
  });

  test("A blank note is refused in place, and clients and roles without Support cannot add one", async () => {
    const complaint = await complaintOf();
    expect(await thread(staff, complaint.id, { intent: "add-note", text: "   " })).toMatchObject({
      status: 400,
      data: { status: "invalid" },
    });
    expect((await thread(alice, complaint.id, { intent: "add-note", text: NOTE })).status).toBe(403);
    expect((await thread(recruiter, complaint.id, { intent: "add-note", text: NOTE })).status).toBe(403);
    expect((await post(alice, { intent: "add-note", complaintId: complaint.id, text: NOTE })).status).toBe(400);
    expect(await db().selectFrom("complaintNotes").selectAll().execute()).toEqual([]);
  });

  const post = (who: TestUser, form: Record<string, string>) =>
    call(portalSupport.action, "/user-dashboard/support", { cookie: who.cookie, form });

  test("Saved replies are listed, created, edited and deleted in the console, each audited; bad input keeps the values and says why", async () => {
    expect(await saved(staff, { intent: "save", title: "Thanks", body: "Hello {client_name}" })).toMatchObject({
      status: 200,
      data: { status: "success" },
    });
    const [reply] = await db().selectFrom("savedReplies").selectAll().execute();
    expect(reply).toMatchObject({ title: "Thanks", body: "Hello {client_name}", createdBy: staff.id });
    const invalid = await saved(staff, { intent: "save", title: "", body: "Text kept" });
    expect(invalid).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect(JSON.stringify(invalid.data)).toContain("Text kept");
    expect(
      await saved(staff, { intent: "save", id: reply!.id, title: "Thank you", body: "Hello {client_name} of {company}" }),
    ).toMatchObject({ data: { status: "success" } });
    const list = (await saved(staff, undefined, `?edit=${reply!.id}`)).data as {
      replies: { title: string }[];
      editing: { id: string } | null;
    };
    expect(list.replies.map((r) => r.title)).toEqual(["Thank you"]);
    expect(list.editing?.id).toBe(reply!.id);
    expect(await saved(staff, { intent: "delete", id: reply!.id })).toMatchObject({ data: { status: "success" } });
    expect(await saved(staff, { intent: "delete", id: reply!.id })).toMatchObject({ status: 404 });
    expect(await db().selectFrom("savedReplies").selectAll().execute()).toEqual([]);
    const audit = await db().selectFrom("auditLog").select("action").orderBy("createdAt").execute();
    expect(audit.map((a) => a.action)).toEqual(["saved-reply.create", "saved-reply.update", "saved-reply.delete"]);
    for (const who of [alice, recruiter]) {
      expect((await saved(who)).status).not.toBe(200);
      expect((await saved(who, { intent: "save", title: "X", body: "Y" })).status).not.toBe(200);
    }
    expect(await db().selectFrom("savedReplies").selectAll().execute()).toEqual([]);
  });

  test("?saved=ID fills the reply box with the placeholders as plain text, and the HTML mail escapes them", async () => {
    const complaint = await complaintOf();
    await saved(staff, { intent: "save", title: "Greeting", body: "Hi {client_name} at {company}, about {request_subject}." });
    const [reply] = await db().selectFrom("savedReplies").select("id").execute();
    const page = (await thread(staff, complaint.id, undefined, `?saved=${reply!.id}`)).data as {
      prefill?: { savedId: string; text: string };
      savedReplies: { title: string }[];
    };
    expect(page.savedReplies.map((r) => r.title)).toEqual(["Greeting"]);
    expect(page.prefill).toEqual({ savedId: reply!.id, text: "Hi <b>x</b> {company} at Acme & Co, about Invoice missing." });
    expect(((await thread(staff, complaint.id, undefined, "?saved=unknown")).data as { prefill?: unknown }).prefill).toBeUndefined();

    await thread(staff, complaint.id, { intent: "reply", text: page.prefill!.text });
    const mail = await db()
      .selectFrom("mailOutbox")
      .select(["textBody", "htmlBody"])
      .where("toAddress", "=", "alice@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain("Hi <b>x</b> {company} at Acme & Co");
    expect(mail.htmlBody).toContain("Hi &lt;b&gt;x&lt;/b&gt; {company} at Acme &amp; Co");
    expect(mail.htmlBody).not.toContain("<b>x</b>");
  });
});
