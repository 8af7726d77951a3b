import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { ALREADY_DECIDED } from "~/server/models/projects/approvals.server";
import * as filesRoute from "~/routes/console/project-files";
import * as milestonesRoute from "~/routes/console/project-milestones";
import * as overviewRoute from "~/routes/portal/project";
import { newId } from "~/lib/ids";
import { db } from "~/server/db/db.server";
import { decideApproval } from "~/server/models/projects/approval-decide.server";
import { latestApprovals } from "~/server/models/projects/approvals.server";
import { listMilestones } from "~/server/models/projects/milestones.server";
import { insertProject, type Project } from "~/server/models/projects/projects.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";
import { Refusal } from "~/lib/refusal";

const SALES = "sales-inbox@indigokite.dev";

describe.each(testDatabases("approvals"))("Clients approve milestones and files on $name", (database) => {
  let cleanup: () => Promise<void>;
  let owner: TestUser;
  let colleague: TestUser;
  let memberA: TestUser;
  let memberA2: TestUser;
  let memberB: TestUser;
  let companyA: string;
  let project: Project;
  let milestoneId: string;

  const staffPost = (form: Record<string, string>, who = colleague) =>
    call(milestonesRoute.action, "/x", { params: { id: project.id }, cookie: who.cookie, form });
  const decide = (who: TestUser, form: Record<string, string>, id = project.id) =>
    call(overviewRoute.action, `/user-dashboard/projects/${id}`, {
      params: { id },
      cookie: who.cookie,
      form: { intent: "decide", ...form },
    });
  const overview = (who: TestUser, id = project.id) =>
    call(overviewRoute.loader, `/user-dashboard/projects/${id}`, { params: { id }, cookie: who.cookie });
  const approvals = () => db().selectFrom("approvals").selectAll().orderBy("requestedAt").orderBy("id").execute();
  const snapshot = async () => ({
    approvals: await approvals(),
    activity: await db().selectFrom("projectActivity").selectAll().orderBy("id").execute(),
    audit: await db().selectFrom("auditLog").selectAll().orderBy("id").execute(),
    mail: await db().selectFrom("mailOutbox").selectAll().orderBy("id").execute(),
  });
  const ask = async (subjectType = "milestone", subjectId = milestoneId, note = "Please check the screens.") => {
    const outcome = await staffPost({ intent: "request-approval", subjectType, subjectId, note });
    expect(outcome).toMatchObject({ status: 200, data: { status: "success" } });
    return (await approvals()).at(-1)!;
  };
  // Asking mails the members too; these are the mails of decisions only.
  const decisionMails = () =>
    db()
      .selectFrom("mailOutbox")
      .selectAll()
      .where((eb) => eb.or([eb("subject", "like", "Approved:%"), eb("subject", "like", "Changes requested:%")]))
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
  const member = async (who: TestUser, name: string) => ({ id: who.id, email: who.email, name, companyId: companyA, emailVerified: true });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { MAIL_SALES_TO: SALES, APP_URL: "https://agency.test" }));
    owner = await signInStaff("priya@indigokite.dev", { name: "Priya Sharma" });
    colleague = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    memberA = await signUp("alice@kite.example", "Alice");
    memberA2 = await signUp("arjun@kite.example", "Arjun");
    memberB = await signUp("bob@acme.example", "Bob");
    companyA = await companyOf({ id: memberA.id, name: "Alice" });
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", memberA2.id).execute();
    await companyOf({ id: memberB.id, name: "Bob" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "notifications",
      "mailOutbox",
      "auditLog",
      "projectActivity",
      "approvals",
      "milestones",
      "projectFiles",
      "projectProgress",
      "projects",
    );
    project = await insertProject(db(), {
      companyId: companyA,
      createdBy: null,
      title: "Rider app",
      description: "Delivery tracking.",
      ownerId: owner.id,
    });
    await staffPost({ intent: "add", title: "Design", status: "waiting", dueDate: "2026-12-01" });
    milestoneId = (await listMilestones({ projectId: project.id }))[0]!.id;
  });

  test("A member approves a milestone: final, audited, on the timeline, mailed and notified to the project's owner and the staff member who asked, and announced", async () => {
    const approval = await ask();
    expect(approval).toMatchObject({
      subjectType: "milestone",
      subjectId: milestoneId,
      status: "pending",
      requestedByName: "Dev Rao",
      note: "Please check the screens.",
    });
    const page = await overview(memberA);
    expect(page.data).toMatchObject({
      project: { title: "Rider app", ownerName: "Priya Sharma" },
      milestones: [{ title: "Design", status: "waiting" }],
      waiting: [{ id: approval.id, subjectTitle: "Design" }],
      decided: [],
    });

    const { seen, stop } = recordEvents();
    expect(await decide(memberA, { approvalId: approval.id, decision: "approve", comment: "Looks great." })).toMatchObject({
      status: 200,
      data: { status: "success", targetId: approval.id },
    });
    stop();
    expect((await approvals())[0]).toMatchObject({
      status: "approved",
      decidedBy: memberA.id,
      decidedByName: "Alice",
      comment: "Looks great.",
    });
    expect(seen).toContainEqual({ type: "project.changed", id: project.id, companyId: companyA });
    const activity = await db()
      .selectFrom("projectActivity")
      .select(["kind", "summary", "actorSide", "actorName"])
      .where("kind", "=", "approval.approved")
      .execute();
    expect(activity).toEqual([
      { kind: "approval.approved", summary: 'Approved milestone "Design"', actorSide: "client", actorName: "Alice" },
    ]);
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "actorEmail"])
      .where("action", "like", "approval.%")
      .orderBy("createdAt")
      .execute();
    expect(audit).toEqual([
      { action: "approval.request", actorEmail: colleague.email },
      { action: "approval.approved", actorEmail: memberA.email },
    ]);
    const mail = (await decisionMails()).sort((a, b) => a.toAddress.localeCompare(b.toAddress));
    expect(mail.map((m) => m.toAddress)).toEqual([colleague.email, owner.email].sort());
    const bell = await db()
      .selectFrom("notifications")
      .select(["userId", "type", "eventKey"])
      .where("type", "=", "approval_decided")
      .execute();
    expect(bell.map((b) => b.userId).sort()).toEqual([colleague.id, owner.id].sort());
    expect(bell[0]).toMatchObject({ type: "approval_decided", eventKey: `approval-decided:${approval.id}` });
    expect(mail[0]!.subject).toContain('Approved: milestone "Design"');
    expect(mail[0]!.textBody).toContain("Looks great.");
    expect(mail[0]!.textBody).toContain(`https://agency.test/employee-dashboard/projects/${project.id}/milestones`);

    // A teammate's later click is refused with a clear message; nothing changes.
    const before = await snapshot();
    expect(await decide(memberA2, { approvalId: approval.id, decision: "changes", comment: "Wait." })).toMatchObject({
      status: 409,
      data: { status: "error", message: ALREADY_DECIDED },
    });
    expect(await snapshot()).toEqual(before);
    expect((await overview(memberA2)).data).toMatchObject({
      waiting: [],
      decided: [{ id: approval.id, status: "approved", decidedByName: "Alice", comment: "Looks great." }],
    });
  });

  test("Requesting changes needs a comment; with one it is recorded and goes to the staff who look after clients when the asker no longer can, else to the sales inbox", async () => {
    const approval = await ask();
    await db().updateTable("users").set({ staffDisabledAt: Date.now() }).where("id", "=", colleague.id).execute();
    const before = await snapshot();
    const blank = await decide(memberA2, { approvalId: approval.id, decision: "changes", comment: "   " });
    expect(blank).toMatchObject({ status: 400, data: { status: "invalid" } });
    expect(JSON.stringify(blank.data)).toContain("a comment is required to request changes");
    expect(await decide(memberA2, { approvalId: approval.id, decision: "maybe" })).toMatchObject({ status: 400 });
    expect(await snapshot()).toEqual(before);

    expect(await decide(memberA2, { approvalId: approval.id, decision: "changes", comment: "Bigger buttons, please." })).toMatchObject({
      data: { status: "success" },
    });
    expect((await approvals())[0]).toMatchObject({
      status: "changes_requested",
      decidedByName: "Arjun",
      comment: "Bigger buttons, please.",
    });
    await db().updateTable("users").set({ staffDisabledAt: null }).where("id", "=", colleague.id).execute();
    const [mail] = await decisionMails();
    expect(mail).toMatchObject({ toAddress: owner.email });
    expect(mail!.subject).toContain("Changes requested");
    // Nobody left who looks after clients: the sales inbox still hears of it.
    const again = await ask("milestone", milestoneId, "Second round.");
    await db().updateTable("users").set({ staffRole: "recruiter" }).where("id", "in", [owner.id, colleague.id]).execute();
    await decideApproval(await member(memberA, "Alice"), { projectId: project.id, approvalId: again.id, decision: "approve" });
    await db().updateTable("users").set({ staffRole: "admin" }).where("id", "=", owner.id).execute();
    await db().updateTable("users").set({ staffRole: "delivery" }).where("id", "=", colleague.id).execute();
    expect((await decisionMails()).map((m) => m.toAddress)).toEqual([owner.email, SALES]);
    const entry = await db()
      .selectFrom("projectActivity")
      .select("summary")
      .where("kind", "=", "approval.changes_requested")
      .executeTakeFirstOrThrow();
    expect(entry.summary).toBe('Requested changes to milestone "Design": Bigger buttons, please.');
  });

  test("A member whose address is not verified still decides, but their comment stays out of the staff member's mail and bell", async () => {
    const approval = await ask();
    const unverified = { ...(await member(memberA2, "Arjun")), emailVerified: false };
    await decideApproval(unverified, {
      projectId: project.id,
      approvalId: approval.id,
      decision: "changes",
      comment: "Free text from an unverified address.",
    });
    const mails = await decisionMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual([colleague.email, owner.email].sort());
    const mail = mails[0];
    for (const each of mails) expect(each.textBody).not.toContain("Free text from an unverified address.");
    expect(await db().selectFrom("notifications").select("body").where("type", "=", "approval_decided").execute()).toEqual([
      { body: "" },
      { body: "" },
    ]);
    expect(mail!.textBody).toContain("Read their comment in the console.");
    expect((await approvals())[0]).toMatchObject({ status: "changes_requested", comment: "Free text from an unverified address." });
  });

  test("Two members deciding at the same moment: exactly one decision stands, the other is told it was already decided", async () => {
    const approval = await ask();
    const results = await Promise.allSettled([
      decideApproval(await member(memberA, "Alice"), { projectId: project.id, approvalId: approval.id, decision: "approve" }),
      decideApproval(await member(memberA2, "Arjun"), {
        projectId: project.id,
        approvalId: approval.id,
        decision: "changes",
        comment: "No.",
      }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(Refusal);
    expect((lost[0]!.reason as Error).message).toBe(ALREADY_DECIDED);
    expect(
      await db()
        .selectFrom("projectActivity")
        .select("kind")
        .where("kind", "like", "approval.%")
        .where("kind", "!=", "approval.requested")
        .execute(),
    ).toHaveLength(1);
    // One decision: one mail each to the owner and the staff member who asked.
    expect(await decisionMails()).toHaveLength(2);
  });

  test("Staff withdraw a waiting request and ask again; one request waits at a time; latestApprovals gives the newest per subject", async () => {
    const first = await ask();
    const before = await snapshot();
    expect(await staffPost({ intent: "request-approval", subjectType: "milestone", subjectId: milestoneId })).toMatchObject({
      status: 409,
      data: { message: "An approval is already waiting for this. Withdraw it to ask again." },
    });
    expect(await snapshot()).toEqual(before);

    expect(await staffPost({ intent: "withdraw-approval", id: first.id })).toMatchObject({ data: { status: "success" } });
    expect((await approvals())[0]).toMatchObject({ status: "withdrawn", decidedByName: "Dev Rao" });
    // A withdrawn request cannot be decided any more.
    expect(await decide(memberA, { approvalId: first.id, decision: "approve" })).toMatchObject({ status: 409 });

    const second = await ask("milestone", milestoneId, "Second round.");
    await decide(memberA, { approvalId: second.id, decision: "changes", comment: "Darker blue." });
    expect(await staffPost({ intent: "withdraw-approval", id: second.id })).toMatchObject({
      status: 409,
      data: { message: "The client has already decided; there is nothing to withdraw." },
    });
    const third = await ask("milestone", milestoneId, "Third round.");

    const latest = await latestApprovals({ projectId: project.id, subjectType: "milestone" });
    expect(Object.keys(latest)).toEqual([milestoneId]);
    expect(latest[milestoneId]).toMatchObject({
      id: third.id,
      status: "pending",
      note: "Third round.",
      requestedByName: "Dev Rao",
      decidedAt: null,
      decidedByName: null,
      comment: "",
    });
    expect(typeof latest[milestoneId]!.requestedAt).toBe("number");
    const kinds = await db().selectFrom("projectActivity").select("kind").where("kind", "like", "approval.%").orderBy("at").execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      "approval.changes_requested",
      "approval.requested",
      "approval.requested",
      "approval.requested",
      "approval.withdrawn",
    ]);
  });

  test("A file can ask for approval too; a file or milestone of another project is not found", async () => {
    const fileId = newId();
    const now = Date.now();
    await db()
      .insertInto("projectFiles")
      .values({
        id: fileId,
        projectId: project.id,
        name: "brief.pdf",
        nameKey: "brief.pdf",
        side: "staff",
        createdBy: owner.id,
        createdAt: now,
        updatedAt: now,
        currentVersion: 1,
      })
      .execute();
    const approval = await ask("file", fileId, "");
    expect((await overview(memberA)).data).toMatchObject({
      waiting: [{ id: approval.id, subjectType: "file", subjectTitle: "brief.pdf" }],
    });
    await decide(memberA, { approvalId: approval.id, decision: "approve" });
    expect(await latestApprovals({ projectId: project.id, subjectType: "file" })).toMatchObject({
      [fileId]: { status: "approved", decidedByName: "Alice" },
    });
    expect(await latestApprovals({ projectId: project.id, subjectType: "milestone" })).toEqual({});

    const elsewhere = await insertProject(db(), { companyId: companyA, createdBy: null, title: "Other", description: "x" });
    const before = await snapshot();
    const foreign = await call(milestonesRoute.action, "/x", {
      params: { id: elsewhere.id },
      cookie: colleague.cookie,
      form: { intent: "request-approval", subjectType: "file", subjectId: fileId },
    });
    expect(foreign).toMatchObject({ status: 404 });
    expect(await staffPost({ intent: "request-approval", subjectType: "project", subjectId: fileId })).toMatchObject({ status: 400 });
    expect(await snapshot()).toEqual(before);
  });

  test("The Files tab asks for a file's approval itself: the answer names the file's row, and a milestone cannot be asked for there", async () => {
    const fileId = newId();
    const now = Date.now();
    await db()
      .insertInto("projectFiles")
      .values({
        id: fileId,
        projectId: project.id,
        name: "brief.pdf",
        nameKey: "brief.pdf",
        side: "staff",
        createdBy: owner.id,
        createdAt: now,
        updatedAt: now,
        currentVersion: 1,
      })
      .execute();
    const filesPost = (form: Record<string, string>) =>
      call(filesRoute.action, `/employee-dashboard/projects/${project.id}/files`, {
        params: { id: project.id },
        cookie: colleague.cookie,
        form,
      });
    const asked = await filesPost({ intent: "request-approval", subjectType: "file", subjectId: fileId, fileId, note: "" });
    expect(asked).toMatchObject({
      status: 200,
      data: {
        intent: "request-approval",
        status: "success",
        targetId: fileId,
        message: "Approval requested. The client's members can decide in their portal now.",
      },
    });
    expect(await latestApprovals({ projectId: project.id, subjectType: "file" })).toMatchObject({ [fileId]: { status: "pending" } });
    const again = await filesPost({ intent: "request-approval", subjectType: "file", subjectId: fileId, fileId, note: "" });
    expect(again).toMatchObject({
      status: 409,
      data: { status: "error", targetId: fileId, message: "An approval is already waiting for this. Withdraw it to ask again." },
    });
    const before = await snapshot();
    expect(await filesPost({ intent: "request-approval", subjectType: "milestone", subjectId: milestoneId, note: "" })).toMatchObject({
      status: 400,
    });
    expect(await snapshot()).toEqual(before);
  });

  test("Another company's member gets 404 for the Overview and its decisions, and nothing changes", async () => {
    const approval = await ask();
    const before = await snapshot();
    expect(await overview(memberB)).toMatchObject({ status: 404 });
    expect(await overview(memberA, "no-such-project")).toMatchObject({ status: 404 });
    expect(await decide(memberB, { approvalId: approval.id, decision: "approve" })).toMatchObject({ status: 404 });
    // Their own project's page with this company's approval id: not found there either.
    const theirs = await insertProject(db(), {
      companyId: await companyOf({ id: memberB.id }),
      createdBy: null,
      title: "Acme",
      description: "x",
    });
    const crossed = await decide(memberB, { approvalId: approval.id, decision: "approve" }, theirs.id);
    expect(crossed).toMatchObject({ status: 404 });
    expect((await snapshot()).approvals).toEqual(before.approvals);
    expect((await call(overviewRoute.loader, "/x", { params: { id: project.id } })).status).toBe(302);
    expect(await decide(colleague, { approvalId: approval.id, decision: "approve" })).toMatchObject({ status: 302 });
    expect((await snapshot()).approvals).toEqual(before.approvals);
  });
});
