// Decision 0075: a client is named as they register or fill their profile, and shown by that name
// (full name, else e-mail) on the console's company page, support requests and approvals.
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import * as loginRoute from "~/routes/auth/login";
import { dbBool } from "~/server/db/boolean.server";
import { db } from "~/server/db/db.server";
import { saveProfile } from "~/server/models/accounts/profiles.server";
import { eraseClientUser } from "~/server/models/privacy/erasure-people.server";
import { ERASED } from "~/server/models/privacy/erasure-traces.server";
import { createCompany } from "~/server/models/companies/companies-staff.server";
import { listMembers } from "~/server/models/companies/companies-members.server";
import { decideApproval } from "~/server/models/projects/approval-decide.server";
import { listApprovals, requestApproval } from "~/server/models/projects/approvals.server";
import { insertProject } from "~/server/models/projects/projects.server";
import { addReply, createComplaint } from "~/server/models/support/complaints.server";
import { getComplaintForStaff, listComplaintsForStaff } from "~/server/models/support/complaints-staff.server";
import { signInStaff, TEST_PASSWORD } from "../helpers/accounts";
import { clearTables, testDatabases, useAppDatabase } from "../helpers/databases";
import { recordEvents } from "../helpers/events";
import { call } from "../helpers/routes";
import { insertMilestone } from "../helpers/workspace-rows";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PROFILE = { phone: "+1 555 0100" };

describe.each(testDatabases("identity"))("Who a client is, on $name", (database) => {
  let cleanup: () => Promise<void>;
  let staff: { id: string; email: string; name: string };

  const register = (form: Record<string, string>) =>
    call(loginRoute.action, "/login?mode=register", { form: { intent: "register", password: TEST_PASSWORD, ...form } });
  /** The account and its company, as the sign-up left them. */
  const account = async (email: string) => {
    const user = await db()
      .selectFrom("users")
      .select(["id", "name", "email", "companyId"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const company = await db()
      .selectFrom("companies")
      .select(["id", "name", "nameOrigin"])
      .where("id", "=", user.companyId!)
      .executeTakeFirstOrThrow();
    return { user, company, actor: { id: user.id, email: user.email, name: user.name } };
  };
  const companyName = async (id: string) =>
    (await db().selectFrom("companies").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;

  /** A support request with a reply and a decided approval by the member, and what staff see of them. */
  async function workBy(member: { id: string; email: string; name: string }, companyId: string) {
    const request = await createComplaint({ companyId, createdBy: member.id }, { subject: "Login", message: "Cannot log in." });
    await addReply({ complaintId: request.id, companyId, member }, "Still happening.");
    const project = await insertProject(db(), { companyId, createdBy: member.id, title: "Rider app", description: "Delivery." });
    const milestone = await insertMilestone(project.id, { title: "Design", status: "waiting" });
    const approval = await requestApproval(staff, { projectId: project.id, subjectType: "milestone", subjectId: milestone });
    const decider = { ...member, companyId, emailVerified: true };
    await decideApproval(decider, { projectId: project.id, approvalId: approval.id, decision: "approve" });
    return async () => {
      const thread = (await getComplaintForStaff({ scope: "all", id: request.id }))!;
      const inbox = (await listComplaintsForStaff({ scope: "all", limit: 10, offset: 0 })).entries.find((e) => e.id === request.id)!;
      const [decided] = await listApprovals({ projectId: project.id });
      return {
        raisedBy: thread.createdByUser?.name,
        inbox: inbox.createdByName,
        reply: thread.replies[0]?.senderName,
        approvedBy: decided?.decidedByName,
        members: (await listMembers({ companyId })).map((m) => m.name),
      };
    };
  }

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  });
  afterAll(async () => cleanup());
  beforeEach(async () => {
    await clearTables("approvals", "milestones", "projectActivity", "projects", "complaintReplies", "complaints", "profiles");
    await clearTables("notifications", "mailOutbox", "auditLog", "sessions", "users", "companies");
    const { id, email } = await signInStaff("ops@indigokite.dev", { name: "Ops Person" });
    staff = { id, email, name: "Ops Person" };
  });

  test("A client who registers with a full name and a company gets a company of that name and is shown by their full name to staff", async () => {
    const outcome = await register({
      email: "priya@brightpath.example",
      fullName: "  Priya Sharma ",
      companyName: " BrightPath Learning ",
    });
    expect(outcome).toMatchObject({ status: 302 });
    const { user, company, actor } = await account("priya@brightpath.example");
    expect(user.name).toBe("Priya Sharma");
    expect(company).toMatchObject({ name: "BrightPath Learning", nameOrigin: "given" });
    const seen = await workBy(actor, company.id);
    expect(await seen()).toEqual({
      raisedBy: "Priya Sharma",
      inbox: "Priya Sharma",
      reply: "Priya Sharma",
      approvedBy: "Priya Sharma",
      members: ["Priya Sharma"],
    });
  });

  test("A client who registers with e-mail and password only gets the fallback company name and is shown by e-mail", async () => {
    expect(await register({ email: "priya@brightpath.example" })).toMatchObject({ status: 302 });
    const { user, company, actor } = await account("priya@brightpath.example");
    expect(user.name).toBe("");
    expect(company).toMatchObject({ name: "priya", nameOrigin: "fallback" });
    const seen = await workBy(actor, company.id);
    expect(await seen()).toEqual({
      raisedBy: "priya@brightpath.example",
      inbox: "priya@brightpath.example",
      reply: "priya@brightpath.example",
      approvedBy: "priya@brightpath.example",
      members: ["priya@brightpath.example"],
    });
  });

  test("A full name saved in the profile shows at once on the requests, replies and approvals made before", async () => {
    await register({ email: "priya@brightpath.example" });
    const { company, actor } = await account("priya@brightpath.example");
    const seen = await workBy(actor, company.id);
    await saveProfile(actor, { fullName: "Priya Sharma", ...PROFILE });
    expect(await seen()).toEqual({
      raisedBy: "Priya Sharma",
      inbox: "Priya Sharma",
      reply: "Priya Sharma",
      approvedBy: "Priya Sharma",
      members: ["Priya Sharma"],
    });
  });

  test('A client erased after signing up with e-mail only leaves "Erased" on their work, never their e-mail', async () => {
    await register({ email: "priya@brightpath.example" });
    const { company, actor } = await account("priya@brightpath.example");
    const seen = await workBy(actor, company.id);
    await db()
      .transaction()
      .execute((trx) => eraseClientUser(trx, actor.id, "delete"));
    expect(await seen()).toMatchObject({ reply: ERASED, approvedBy: ERASED, members: [] });
  });

  test("The profile's company renames a fallback-named company once: audited, announced after commit", async () => {
    await register({ email: "priya@brightpath.example" });
    const { company, actor } = await account("priya@brightpath.example");
    const { seen, stop } = recordEvents();
    await saveProfile(actor, { fullName: "Priya Sharma", company: " BrightPath Learning ", ...PROFILE });
    stop();
    expect(await companyName(company.id)).toBe("BrightPath Learning");
    expect(seen).toContainEqual({ type: "company.changed", id: company.id });
    const audit = await db().selectFrom("auditLog").selectAll().where("action", "=", "company.name-from-profile").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: actor.id, entity: "company", entityId: company.id });
    expect(JSON.parse(audit[0]!.detail)).toEqual({ name: { from: "priya", to: "BrightPath Learning" } });

    await saveProfile(actor, { fullName: "Priya Sharma", company: "Another Name", ...PROFILE });
    expect(await companyName(company.id)).toBe("BrightPath Learning");
  });

  test("The profile's company never renames a company named at sign-up, by staff, or of which the person is not the client admin", async () => {
    await register({ email: "priya@brightpath.example", companyName: "BrightPath Learning" });
    const given = await account("priya@brightpath.example");
    await saveProfile(given.actor, { fullName: "Priya Sharma", company: "Priya Ltd", ...PROFILE });
    expect(await companyName(given.company.id)).toBe("BrightPath Learning");

    const staffNamed = await createCompany(staff, { name: "Kite Foods" });
    await register({ email: "alice@kite.example" });
    const alice = await account("alice@kite.example");
    await db().updateTable("users").set({ companyId: staffNamed.id }).where("id", "=", alice.user.id).execute();
    await saveProfile(alice.actor, { fullName: "Alice Rao", company: "Alice Co", ...PROFILE });
    expect(await companyName(staffNamed.id)).toBe("Kite Foods");

    await register({ email: "arun@kite.example" });
    const arun = await account("arun@kite.example");
    await db()
      .updateTable("users")
      .set({ companyId: alice.company.id, clientAdmin: dbBool(false) })
      .where("id", "=", arun.user.id)
      .execute();
    await saveProfile(arun.actor, { fullName: "Arun Rao", company: "Arun Co", ...PROFILE });
    expect(await companyName(alice.company.id)).toBe("alice");
    expect(await db().selectFrom("auditLog").selectAll().where("action", "=", "company.name-from-profile").execute()).toEqual([]);
  });

  test("The register form's name and company are trimmed and kept to 120 characters, with the error beside the field", async () => {
    const outcome = await register({ email: "long@example.com", fullName: "x".repeat(121), companyName: "y".repeat(121) });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      status: "invalid",
      result: {
        error: { fullName: ["Full name must be 120 characters or fewer."], companyName: ["Company name must be 120 characters or fewer."] },
      },
    });
    expect(await db().selectFrom("users").select("id").where("email", "=", "long@example.com").executeTakeFirst()).toBeUndefined();
  });
});
