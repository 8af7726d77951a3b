import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as linkRoute from "~/routes/approvals/mail-link";
import * as milestonesRoute from "~/routes/console/project-milestones";
import * as companyRoute from "~/routes/console/client";
import { db } from "~/server/db/db.server";
import { listMilestones } from "~/server/models/projects/milestones.server";
import { insertProject, type Project } from "~/server/models/projects/projects.server";
import { removeMember } from "~/server/models/companies/companies-members.server";
import { LINK_EXPIRED, LINK_USED, LINKS_OFF, LINK_REVOKED } from "~/server/models/projects/approval-mail-links.server";
import { APPROVAL_LINK_LIFETIME_MS } from "~/server/models/projects/approval-mail-tokens.server";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";

const APP_URL = "https://agency.test";

describe.each(testDatabases("approval-mail-links"))("Clients decide approvals from the request mail on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: TestUser;
  let memberA: TestUser;
  let memberA2: TestUser;
  let memberB: TestUser;
  let companyA: string;
  let companyB: string;
  let project: Project;

  const staffPost = (form: Record<string, string>) =>
    call(milestonesRoute.action, "/x", { params: { id: project.id }, cookie: staff.cookie, form });
  const approvals = () => db().selectFrom("approvals").selectAll().orderBy("requestedAt").orderBy("id").execute();
  /** Adds a milestone and asks for its approval; the new approval's id. */
  const ask = async (title = "Design") => {
    await staffPost({ intent: "add", title, status: "waiting", dueDate: "2026-12-01" });
    const milestone = (await listMilestones({ projectId: project.id })).find((m) => m.title === title)!;
    const outcome = await staffPost({
      intent: "request-approval",
      subjectType: "milestone",
      subjectId: milestone.id,
      note: "Please check.",
    });
    expect(outcome).toMatchObject({ status: 200, data: { status: "success" } });
    return (await approvals()).at(-1)!.id;
  };
  /** The request mail one member got, and the paths of its two links. */
  const linksIn = async (who: TestUser, approvalId: string) => {
    const mails = await db()
      .selectFrom("mailOutbox")
      .select("textBody")
      .where("toAddress", "=", who.email)
      .where("subject", "like", "Your approval is asked%")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute();
    // The newest mail, unless an older one names this approval (two requests in one test).
    const mail = mails.find((m) => m.textBody.includes(`/approval/${approvalId}/`)) ?? mails[0]!;
    const find = (label: string) => {
      const match = new RegExp(`${label}: ${APP_URL}(/approval/${approvalId}/[\\w-]+)\\?decision=(\\w+)`).exec(mail.textBody);
      return match ? { path: match[1]!, decision: match[2]! } : null;
    };
    return { text: mail.textBody, approve: find("Approve"), changes: find("Request changes") };
  };
  const paramsOf = (path: string) => {
    const [, , id, token] = path.split("/");
    return { id: id!, token: token! };
  };
  const open = (path: string, decision = "approve") => call(linkRoute.loader, `${path}?decision=${decision}`, { params: paramsOf(path) });
  const post = (path: string, form: Record<string, string>) =>
    call(linkRoute.action, path, { params: paramsOf(path), form: { intent: "decide", ...form } });
  const snapshot = async () => ({
    approvals: await approvals(),
    links: await db().selectFrom("approvalMailLinks").selectAll().orderBy("id").execute(),
    audit: await db().selectFrom("auditLog").selectAll().orderBy("id").execute(),
    activity: await db().selectFrom("projectActivity").selectAll().orderBy("id").execute(),
    mail: await db().selectFrom("mailOutbox").selectAll().orderBy("id").execute(),
  });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL }));
    staff = await signInStaff("dev@indigokite.dev", { name: "Dev Rao", staffRole: "delivery" });
    memberA = await signUp("alice@kite.example", "Alice");
    memberA2 = await signUp("arjun@kite.example", "Arjun");
    memberB = await signUp("bob@acme.example", "Bob");
    companyA = await companyOf({ id: memberA.id, name: "Alice" });
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", memberA2.id).execute();
    companyB = await companyOf({ id: memberB.id, name: "Bob" });
  }, 60_000);
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables(
      "notifications",
      "mailOutbox",
      "auditLog",
      "projectActivity",
      "approvalMailLinks",
      "approvals",
      "milestones",
      "projects",
    );
    await db().updateTable("companies").set({ mailDecisions: 1 }).execute();
    await db().updateTable("users").set({ companyId: companyA }).where("id", "in", [memberA.id, memberA2.id]).execute();
    project = await insertProject(db(), { companyId: companyA, createdBy: null, title: "Rider app", description: "", ownerId: staff.id });
  });

  test("Each member's request mail carries their own Approve and Request changes links, stored only as hashes", async () => {
    const approvalId = await ask();
    const a = await linksIn(memberA, approvalId);
    const a2 = await linksIn(memberA2, approvalId);
    expect(a.approve).toMatchObject({ decision: "approve" });
    expect(a.changes).toMatchObject({ decision: "changes" });
    expect(a.approve!.path).toBe(a.changes!.path);
    expect(a2.approve!.path).not.toBe(a.approve!.path);
    const token = paramsOf(a.approve!.path).token;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const links = await db().selectFrom("approvalMailLinks").selectAll().execute();
    expect(links.map((l) => l.userId).sort()).toEqual([memberA.id, memberA2.id].sort());
    expect(JSON.stringify(links)).not.toContain(token);
  });

  test("Opening a link shows the request and changes nothing", async () => {
    const approvalId = await ask();
    const { approve } = await linksIn(memberA, approvalId);
    const before = await snapshot();
    const page = await open(approve!.path);
    expect(page).toMatchObject({
      status: 200,
      data: {
        open: true,
        decision: "approve",
        view: {
          approvalId,
          projectTitle: "Rider app",
          subjectTitle: "Design",
          requestedByName: "Dev Rao",
          note: "Please check.",
          memberName: "Alice",
        },
      },
    });
    expect(await open(approve!.path, "changes")).toMatchObject({ status: 200, data: { decision: "changes" } });
    expect(await snapshot()).toEqual(before);
  });

  test("A link decides once, as the portal would, marked as taken from e-mail; a second use is refused", async () => {
    const approvalId = await ask();
    const { changes } = await linksIn(memberA, approvalId);
    expect(await post(changes!.path, { approvalId, decision: "changes", comment: "" })).toMatchObject({ status: 400 });
    const { seen, stop } = recordEvents();
    expect(await post(changes!.path, { approvalId, decision: "changes", comment: "Bigger logo." })).toMatchObject({
      status: 200,
      data: { status: "success", message: "Changes requested. The team has been told." },
    });
    stop();
    expect((await approvals())[0]).toMatchObject({ status: "changes_requested", decidedBy: memberA.id, comment: "Bigger logo." });
    expect(seen).toContainEqual({ type: "project.changed", id: project.id, companyId: companyA });
    const audit = await db()
      .selectFrom("auditLog")
      .select(["action", "actorEmail", "detail"])
      .where("action", "=", "approval.changes_requested")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorEmail).toBe(memberA.email);
    expect(JSON.parse(audit[0]!.detail as string)).toMatchObject({ approvalId, via: "email", comment: "Bigger logo." });
    const activity = await db()
      .selectFrom("projectActivity")
      .select(["kind", "actorName"])
      .where("kind", "=", "approval.changes_requested")
      .execute();
    expect(activity).toEqual([{ kind: "approval.changes_requested", actorName: "Alice" }]);
    const teamMail = await db().selectFrom("mailOutbox").select("textBody").where("subject", "like", "Changes requested:%").execute();
    expect(teamMail[0]?.textBody).toContain("The link in the request e-mail");

    const before = await snapshot();
    expect(await open(changes!.path)).toMatchObject({ status: 410, data: { open: false, message: LINK_USED } });
    expect(await post(changes!.path, { approvalId, decision: "approve" })).toMatchObject({ status: 410, data: { message: LINK_USED } });
    // The other member's link: the request is decided.
    const other = await linksIn(memberA2, approvalId);
    expect(await post(other.approve!.path, { approvalId, decision: "approve" })).toMatchObject({ status: 409 });
    expect(await open(other.approve!.path)).toMatchObject({ status: 409, data: { open: false } });
    expect(await snapshot()).toEqual(before);
  });

  test("An expired link is refused", async () => {
    const approvalId = await ask();
    const { approve } = await linksIn(memberA, approvalId);
    await db()
      .updateTable("approvalMailLinks")
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    const before = await snapshot();
    expect(await open(approve!.path)).toMatchObject({ status: 410, data: { message: LINK_EXPIRED } });
    expect(await post(approve!.path, { approvalId, decision: "approve" })).toMatchObject({ status: 410 });
    expect(await snapshot()).toEqual(before);
    const link = await db().selectFrom("approvalMailLinks").select(["createdAt", "expiresAt"]).executeTakeFirstOrThrow();
    expect(Number(link.createdAt)).toBeGreaterThan(Date.now() - APPROVAL_LINK_LIFETIME_MS);
  });

  test("A token with another approval's id, or a made-up token, is a 404 that reveals and decides nothing", async () => {
    const first = await ask("Design");
    const second = await ask("Build");
    const { approve } = await linksIn(memberA, first);
    const token = paramsOf(approve!.path).token;
    const crossed = `/approval/${second}/${token}`;
    const before = await snapshot();
    const page = await open(crossed);
    expect(page.status).toBe(404);
    expect(page.data).toBeUndefined();
    expect(await page.response!.text()).toBe("Not found");
    expect(await post(crossed, { approvalId: second, decision: "approve" })).toMatchObject({ status: 404 });
    // The right path with the body naming the other approval.
    expect(await post(approve!.path, { approvalId: second, decision: "approve" })).toMatchObject({ status: 404 });
    expect(await open(`/approval/${first}/${"A".repeat(43)}`)).toMatchObject({ status: 404 });
    expect(await snapshot()).toEqual(before);
  });

  test("A member removed from the company, or moved to another, can no longer use their link", async () => {
    const approvalId = await ask();
    const a = await linksIn(memberA, approvalId);
    const a2 = await linksIn(memberA2, approvalId);
    await db().updateTable("users").set({ companyId: companyB }).where("id", "=", memberA2.id).execute();
    expect(await open(a2.approve!.path)).toMatchObject({ status: 410, data: { message: LINK_REVOKED } });
    expect(await post(a2.approve!.path, { approvalId, decision: "approve" })).toMatchObject({ status: 410 });
    await removeMember({ id: staff.id, email: staff.email, name: "Dev Rao" }, { companyId: companyA, userId: memberA.id });
    expect(await post(a.approve!.path, { approvalId, decision: "approve" })).toMatchObject({ status: 404 });
    expect((await approvals())[0]).toMatchObject({ status: "pending" });
    // Put Alice back for the other tests.
    memberA = await signUp("alice@kite.example", "Alice");
    await db().updateTable("users").set({ companyId: companyA }).where("id", "=", memberA.id).execute();
  });

  test("With the company's setting off, request mails carry no links and links already sent are refused", async () => {
    const sent = await ask("Design");
    const { approve } = await linksIn(memberA, sent);
    const admin = await signInStaff("admin@indigokite.dev", { name: "Ada Admin", staffRole: "admin" });
    const turnedOff = await call(companyRoute.action, `/employee-dashboard/clients/${companyA}`, {
      params: { id: companyA },
      cookie: admin.cookie,
      form: { intent: "set-mail-decisions", mailDecisions: "off" },
    });
    expect(turnedOff).toMatchObject({ status: 200, data: { status: "success" } });
    const company = await db().selectFrom("companies").select("mailDecisions").where("id", "=", companyA).executeTakeFirstOrThrow();
    expect(Number(company.mailDecisions)).toBe(0);
    expect(await db().selectFrom("auditLog").select("action").where("action", "=", "company.mail-decisions").execute()).toHaveLength(1);

    expect(await open(approve!.path)).toMatchObject({ status: 410, data: { message: LINKS_OFF } });
    expect(await post(approve!.path, { approvalId: sent, decision: "approve" })).toMatchObject({ status: 410 });
    expect((await approvals())[0]).toMatchObject({ status: "pending" });

    const later = await ask("Build");
    const mail = await linksIn(memberA, later);
    expect(mail.text).toContain("Open the project");
    expect(mail.approve).toBeNull();
    expect(mail.changes).toBeNull();
    expect(await db().selectFrom("approvalMailLinks").select("id").where("approvalId", "=", later).execute()).toEqual([]);
  });
});
