import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { messageIdFor } from "~/server/mail/mailer.server";
import { readReplyToken, replyToken } from "~/server/mail/reply-token.server";
import { getInbound, storeInbound } from "~/server/models/inbound/inbound-messages.server";
import { processInbound } from "~/server/models/inbound/inbound-routing.server";
import { requestApproval } from "~/server/models/projects/approvals.server";
import { createProject, setProjectProgress } from "~/server/models/projects/projects.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf, memberScope } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { mailFixture } from "../helpers/inbound-mail";
import { insertMilestone } from "../helpers/workspace-rows";

// Decision 0101: project and approval mails carry a reply address naming the project; a member's
// reply becomes a "Comment by e-mail" on that project's timeline, anyone else's is held.

const REPLY = "reply@in.example.com";

describe("The project reply token", () => {
  const secret = "test-secret-0123456789-0123456789-abcdef";
  const ids = { projectId: "0b9f6a52-6c1e-4d3a-9a43-2f7d1c0e5b11", userId: "Zx81kq0PLmN3vR7tY2wB5cH9dF4gJ6aS" };

  test("names the project in 48 characters, and is never read as a request's token (nor a request's as a project's)", () => {
    const project = replyToken(ids, secret)!;
    expect(project).toMatch(/^[a-z2-7]{48}$/);
    expect(readReplyToken(project, secret)).toMatchObject({ projectId: ids.projectId, complaintId: null });
    const request = replyToken({ complaintId: ids.projectId, userId: ids.userId }, secret)!;
    expect(request).not.toBe(project);
    expect(readReplyToken(request, secret)).toMatchObject({ complaintId: ids.projectId, projectId: null });
  });
});

describe.each(testDatabases("inbound-projects"))("Replies to project mails on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let asha: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { INBOUND_REPLY_ADDRESS: REPLY }));
    staff = await signInStaff("sana@indigokite.dev", { name: "Sana Support" });
    asha = await signUp("asha@kite.example", "Asha Rao");
    bo = await signUp("bo@other.example", "Bo");
    await companyOf(asha);
    await companyOf(bo);
  });
  afterAll(() => cleanup());
  beforeEach(() => clearTables("inboundMessages", "projectMailThreads", "projectActivity", "mailOutbox", "notifications"));

  /** A project of Asha's company whose progress staff changed: the mail's Reply-To and Message-ID. */
  async function projectMail(title: string) {
    const project = await createProject(await memberScope(asha), { title, description: "An app." });
    await setProjectProgress(
      { id: staff.id, email: staff.email, name: "Sana Support" },
      { id: project.id, progress: 40, note: "Design done" },
    );
    const mail = await db()
      .selectFrom("mailOutbox")
      .select(["headers", "idempotencyKey"])
      .where("toAddress", "=", asha.email)
      .where("subject", "like", `${title}%`)
      .executeTakeFirstOrThrow();
    const replyTo = (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
    return { project, replyTo, messageId: messageIdFor(mail.idempotencyKey, "Indigo Kite <no-reply@indigokite.dev>") };
  }

  async function deliver(raw: Buffer) {
    const { id } = await storeInbound(raw);
    expect(await processInbound(id)).toBe(true);
    return (await getInbound(id))!;
  }
  const comments = (projectId: string) =>
    db()
      .selectFrom("projectActivity")
      .select(["kind", "summary", "actorId", "actorSide"])
      .where("projectId", "=", projectId)
      .where("kind", "=", "comment.email")
      .execute();

  test("A project mail carries a reply+TOKEN address naming the project", async () => {
    const { project, replyTo } = await projectMail("Rider app");
    expect(replyTo).toMatch(/^reply\+[a-z2-7]{48}@in\.example\.com$/);
    expect(readReplyToken(replyTo.slice("reply+".length, replyTo.indexOf("@")))?.projectId).toBe(project.id);
  });

  test("A member's reply lands as a comment on the right project's timeline, for both sides, published live, staff told", async () => {
    await projectMail("Rider app");
    const { project, replyTo } = await projectMail("Shop site");
    const events = recordEvents();
    const row = await deliver(mailFixture("gmail-reply.eml", { to: replyTo }));
    events.stop();
    expect(row).toMatchObject({ status: "routed", routedKind: "comment", projectId: project.id, complaintId: null });
    expect(await comments(project.id)).toEqual([
      {
        kind: "comment.email",
        summary: "Comment by e-mail: Thanks, that fixed it! The export works again.",
        actorId: asha.id,
        actorSide: "client",
      },
    ]);
    const others = await db().selectFrom("projectActivity").select("id").where("kind", "=", "comment.email").execute();
    expect(others).toHaveLength(1);
    expect(events.seen).toContainEqual(expect.objectContaining({ type: "project.changed", id: project.id }));
    const bell = await db()
      .selectFrom("notifications")
      .select(["userId", "type"])
      .where("eventKey", "=", `project-comment:${row.id}`)
      .execute();
    expect(bell).toEqual([{ userId: staff.id, type: "client_reply" }]);
  });

  test("A reply to an approval request mail becomes a comment on the approval's project", async () => {
    const project = await createProject(await memberScope(asha), { title: "Brand kit", description: "Logos." });
    const milestone = await insertMilestone(project.id, { title: "Logo", status: "waiting" });
    await requestApproval(
      { id: staff.id, email: staff.email, name: "Sana Support" },
      { projectId: project.id, subjectType: "milestone", subjectId: milestone },
    );
    const mail = await db()
      .selectFrom("mailOutbox")
      .select("headers")
      .where("toAddress", "=", asha.email)
      .where("idempotencyKey", "like", "notification:%")
      .executeTakeFirstOrThrow();
    const replyTo = (JSON.parse(mail.headers ?? "{}") as Record<string, string>)["Reply-To"]!;
    const row = await deliver(mailFixture("html-only.eml", { to: replyTo }));
    expect(row).toMatchObject({ status: "routed", routedKind: "comment", projectId: project.id });
    expect((await comments(project.id)).map((c) => c.summary)).toEqual(["Comment by e-mail: The new logo looks great — please go ahead."]);
  });

  test("A reply that lost the token is threaded to the project by its In-Reply-To", async () => {
    const { project, messageId } = await projectMail("Rider app");
    const row = await deliver(mailFixture("outlook-reply.eml", { to: REPLY, inReplyTo: messageId }));
    expect(row).toMatchObject({ status: "routed", routedKind: "comment", projectId: project.id });
    expect(await comments(project.id)).toHaveLength(1);
  });

  test("A reply from someone outside the project's company is held, and the timeline is unchanged", async () => {
    const { project, replyTo } = await projectMail("Rider app");
    const row = await deliver(mailFixture("apple-mail-reply.eml", { to: replyTo, from: bo.email }));
    expect(row).toMatchObject({ status: "held", reason: "The sender is not a member of the project's company." });
    expect(await comments(project.id)).toEqual([]);
  });

  test("A message processed twice comments once", async () => {
    const { project, replyTo } = await projectMail("Rider app");
    const row = await deliver(mailFixture("gmail-reply.eml", { to: replyTo }));
    await db().updateTable("inboundMessages").set({ status: "stored", lockedUntil: 0 }).where("id", "=", row.id).execute();
    expect(await processInbound(row.id)).toBe(true);
    expect(await comments(project.id)).toHaveLength(1);
  });
});
