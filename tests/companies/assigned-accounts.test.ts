import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import * as billingRoute from "~/routes/console/billing";
import * as billingExportRoute from "~/routes/console/billing-export";
import * as billingInvoiceRoute from "~/routes/console/billing-invoice";
import * as billingRetainersRoute from "~/routes/console/billing-retainers";
import * as companyRoute from "~/routes/console/client";
import * as clientsRoute from "~/routes/console/clients";
import * as complaintRoute from "~/routes/console/complaint";
import * as leadRoute from "~/routes/console/lead";
import * as leadsRoute from "~/routes/console/leads";
import * as leadsExportRoute from "~/routes/console/leads-export";
import * as notificationsRoute from "~/routes/console/notifications";
import * as overviewRoute from "~/routes/console/overview";
import * as projectRoute from "~/routes/console/project";
import * as projectsRoute from "~/routes/console/projects";
import * as projectsExportRoute from "~/routes/console/projects-export";
import * as proposalRoute from "~/routes/console/proposal";
import * as proposalsRoute from "~/routes/console/proposals";
import * as searchRoute from "~/routes/console/search";
import * as settingsRoute from "~/routes/console/settings";
import * as staffRoute from "~/routes/console/staff";
import * as supportRoute from "~/routes/console/support";
import * as fileDownloadRoute from "~/routes/resources/file-download";
import * as consoleEvents from "~/routes/resources/events-console";
import { db } from "~/server/db/db.server";
import { events } from "~/server/events/bus.server";
import { acceptInvitation, inviteStaff } from "~/server/models/accounts/staff-invitations.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { createRecurringInvoice } from "~/server/models/billing/recurring-invoices.server";
import { decideApproval } from "~/server/models/projects/approval-decide.server";
import { requestApproval } from "~/server/models/projects/approvals.server";
import { createProject } from "~/server/models/projects/projects.server";
import { listAudit } from "~/server/models/shared/audit.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { createComplaint } from "~/server/models/support/complaints.server";
import { draftInput } from "../billing/helpers";
import { signInStaff, signUp, type TestUser } from "../helpers/accounts";
import { memberScope } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { uploadFiles } from "../helpers/project-uploads";
import { insertLead, sentProposal } from "../helpers/proposals";
import { buildRequest, call } from "../helpers/routes";
import { insertMilestone } from "../helpers/workspace-rows";

// Decision 0105: a staff member limited to their assigned companies sees only those, everywhere in
// the console; new requests and approvals alert a company's account team first.

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const BASE = "/employee-dashboard";

interface Side {
  member: TestUser;
  companyId: string;
  projectId: string;
  complaintId: string;
  invoiceId: string;
  invoiceNumber: string;
  proposalId: string;
  versionId: string;
}

describe.each(testDatabases("assigned-accounts"))("Assigned accounts on $name", (database) => {
  let cleanup: () => Promise<void>;
  let admin: TestUser;
  /** Delivery, limited, on Alpha's team. */
  let dana: TestUser;
  /** Delivery, limited, assigned to nothing. */
  let nadia: TestUser;
  /** Delivery as before the upgrade: not limited. */
  let uma: TestUser;
  /** Sales, limited, Alpha's account manager. */
  let sally: TestUser;
  /** Finance, limited, on Alpha's team. */
  let fiona: TestUser;
  let alpha: Side;
  let bravo: Side;
  let unconvertedLead: string;
  let bravoLead: string;

  /** A company with a member, named for its side. */
  async function companyWith(email: string, name: string) {
    const member = await signUp(email, `${name} Member`);
    const { companyId } = await memberScope(member);
    await db()
      .updateTable("companies")
      .set({ name: `${name} Works` })
      .where("id", "=", companyId)
      .execute();
    return { member, companyId };
  }

  /** The side's records, as its member and the agency's staff leave them. */
  async function seedSide({ member, companyId }: { member: TestUser; companyId: string }, name: string): Promise<Side> {
    const scope = { companyId, createdBy: member.id };
    const project = await createProject(scope, { title: `${name} project`, description: "Work." });
    const complaint = await createComplaint(scope, { subject: `${name} trouble`, message: "Help." });
    const draft = await createInvoiceDraft(priya(), companyId, draftInput({ billingName: `${name} Billing` }));
    const { number } = await issueInvoice(priya(), draft.id, draft.version);
    await createRecurringInvoice(priya(), companyId, {
      template: draftInput({ billingName: `${name} Retainer` }),
      interval: "monthly",
      startOn: "2099-01-01",
      autoIssue: false,
    });
    const proposalId = await sentProposal({ companyId }, member.email, { clientName: `${name} Signer` });
    const upload = await uploadFiles(member, project.id, [[Buffer.from(`${name} notes\n`), `${name.toLowerCase()}-notes.txt`]]);
    expect(upload.status).toBe(200);
    const version = await db().selectFrom("fileVersions").select("id").where("projectId", "=", project.id).executeTakeFirstOrThrow();
    return {
      member,
      companyId,
      projectId: project.id,
      complaintId: complaint.id,
      invoiceId: draft.id,
      invoiceNumber: number,
      proposalId,
      versionId: version.id,
    };
  }

  /** The admin as an actor (models record who acted). */
  const priya = () => ({ id: admin.id, email: admin.email, name: "Priya Admin" });

  const post = (route: { action: unknown }, path: string, who: TestUser, form: Record<string, string>, params = {}) =>
    call(route.action as never, path, { cookie: who.cookie, form, params });

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database, { APP_URL: "https://assigned.example" }));
    admin = await signInStaff("priya@indigokite.dev", { name: "Priya Admin" });
    dana = await signInStaff("dana@indigokite.dev", { name: "Dana Delivery", staffRole: "delivery" });
    nadia = await signInStaff("nadia@indigokite.dev", { name: "Nadia Nowhere", staffRole: "delivery" });
    uma = await signInStaff("uma@indigokite.dev", { name: "Uma Unlimited", staffRole: "delivery" });
    sally = await signInStaff("sally@indigokite.dev", { name: "Sally Sales", staffRole: "sales" });
    fiona = await signInStaff("fiona@indigokite.dev", { name: "Fiona Finance", staffRole: "finance" });
    const a = await companyWith("alice@alpha.example", "Alpha");
    const b = await companyWith("bob@bravo.example", "Bravo");
    // The admin limits four of them on the Staff page, and gives Alpha its team on its page, before
    // Alpha's request and approval arrive.
    for (const who of [dana, nadia, sally, fiona])
      expect(await post(staffRoute, `${BASE}/staff`, admin, { intent: "limit", id: who.id })).toMatchObject({
        status: 200,
        data: { status: "success" },
      });
    const alphaPage = `${BASE}/clients/${a.companyId}`;
    for (const who of [dana, fiona])
      expect(await post(companyRoute, alphaPage, admin, { intent: "add-to-team", userId: who.id }, { id: a.companyId })).toMatchObject({
        status: 200,
        data: { status: "success" },
      });
    expect(
      await post(companyRoute, alphaPage, admin, { intent: "set-account-manager", accountManager: sally.id }, { id: a.companyId }),
    ).toMatchObject({ status: 200, data: { status: "success" } });
    alpha = await seedSide(a, "Alpha");
    bravo = await seedSide(b, "Bravo");
    unconvertedLead = await insertLead("lena@lead.example", "Lena Unconverted");
    bravoLead = await insertLead("boris@bravo.example", "Boris Converted");
    await db().updateTable("quotes").set({ companyId: bravo.companyId, status: "won" }).where("id", "=", bravoLead).execute();
  });
  afterAll(async () => cleanup());

  test("The company page and the Staff page set the team and the limit, audited; existing staff keep every company", async () => {
    const actions = (await listAudit({ limit: 50, offset: 0 })).entries.map((e) => e.action);
    expect(actions.filter((a) => a === "staff.assigned-only")).toHaveLength(4);
    expect(actions).toEqual(expect.arrayContaining(["company.team-add", "company.account-manager"]));
    expect(await companyScope(uma)).toBe("all");
    expect(await companyScope(admin)).toBe("all");
    expect(await companyScope(nadia)).toEqual({ companyIds: [] });
    const page = await call(companyRoute.loader, `${BASE}/clients/${alpha.companyId}`, {
      cookie: admin.cookie,
      params: { id: alpha.companyId },
    });
    expect(page.data).toMatchObject({
      team: { manager: { id: sally.id }, team: expect.arrayContaining([expect.objectContaining({ id: dana.id })]), mayAssign: true },
    });
    // A limited member sees the team but changes nobody's assignments.
    const own = await call(companyRoute.loader, `${BASE}/clients/${alpha.companyId}`, {
      cookie: dana.cookie,
      params: { id: alpha.companyId },
    });
    expect(own.data).toMatchObject({ team: { mayAssign: false, staff: [] } });
    const refused = await post(
      companyRoute,
      `${BASE}/clients/${alpha.companyId}`,
      dana,
      { intent: "add-to-team", userId: nadia.id },
      { id: alpha.companyId },
    );
    expect(refused.status).toBe(403);
    expect(await companyScope(nadia)).toEqual({ companyIds: [] });
    // An admin is never limited.
    const adminLimit = await post(staffRoute, `${BASE}/staff`, uma, { intent: "limit", id: admin.id });
    expect(adminLimit.status).toBe(403);
    const second = await signInStaff("ari@indigokite.dev", { name: "Ari Admin" });
    expect(await post(staffRoute, `${BASE}/staff`, admin, { intent: "limit", id: second.id })).toMatchObject({ status: 409 });
  });

  test("A limited member's client list, company pages and search show only their assigned companies", async () => {
    const names = async (who: TestUser) =>
      ((await call(clientsRoute.loader, `${BASE}/clients`, { cookie: who.cookie })).data!.companies as { name: string }[]).map(
        (c) => c.name,
      );
    expect(await names(dana)).toEqual(["Alpha Works"]);
    expect(await names(nadia)).toEqual([]);
    expect((await names(uma)).sort()).toEqual(["Alpha Works", "Bravo Works"]);
    const searched = await call(clientsRoute.loader, `${BASE}/clients?q=works`, { cookie: dana.cookie });
    expect((searched.data!.companies as { name: string }[]).map((c) => c.name)).toEqual(["Alpha Works"]);

    const pageOf = (who: TestUser, id: string) =>
      call(companyRoute.loader, `${BASE}/clients/${id}`, { cookie: who.cookie, params: { id } });
    expect((await pageOf(dana, alpha.companyId)).status).toBe(200);
    expect((await pageOf(dana, bravo.companyId)).status).toBe(404);
    expect((await pageOf(uma, bravo.companyId)).status).toBe(200);
    // A form on another company's page is refused as not found, and changes nothing.
    const save = await post(
      companyRoute,
      `${BASE}/clients/${bravo.companyId}`,
      dana,
      { intent: "save", name: "Taken Over" },
      { id: bravo.companyId },
    );
    expect(save.status).toBe(404);
    expect((await db().selectFrom("companies").select("name").where("id", "=", bravo.companyId).executeTakeFirstOrThrow()).name).toBe(
      "Bravo Works",
    );

    const palette = async (who: TestUser, q: string) =>
      JSON.stringify((await call(searchRoute.loader, `${BASE}/search?q=${encodeURIComponent(q)}`, { cookie: who.cookie })).data);
    const mine = await palette(dana, "works project trouble bob alice");
    const everything = await palette(uma, "works OR project OR trouble");
    expect(everything).toContain("Bravo");
    for (const q of ["works", "project", "trouble", "bob", "alice"]) {
      const found = await palette(dana, q);
      expect(found, q).not.toContain("Bravo");
      expect(found, q).not.toContain("bob@bravo.example");
    }
    expect(await palette(dana, "works")).toContain("Alpha Works");
    expect(mine).not.toContain("Bravo");
  });

  test("Projects, their workspaces, files and the projects CSV export show only assigned companies", async () => {
    const list = await call(projectsRoute.loader, `${BASE}/projects`, { cookie: dana.cookie });
    expect((list.data!.projects as { title: string }[]).map((p) => p.title)).toEqual(["Alpha project"]);
    const tab = (id: string) => call(projectRoute.loader, `${BASE}/projects/${id}`, { cookie: dana.cookie, params: { id } });
    expect((await tab(alpha.projectId)).status).toBe(200);
    expect((await tab(bravo.projectId)).status).toBe(404);
    const progress = await post(
      projectRoute,
      `${BASE}/projects/${bravo.projectId}`,
      dana,
      {
        intent: "set-progress",
        projectId: bravo.projectId,
        progress: "90",
        note: "",
      },
      { id: bravo.projectId },
    );
    expect(progress.status).toBe(404);
    expect(
      (await db().selectFrom("projects").select("progress").where("id", "=", bravo.projectId).executeTakeFirstOrThrow()).progress,
    ).toBe(0);

    const download = (id: string) => call(fileDownloadRoute.loader, `/files/${id}`, { cookie: dana.cookie, params: { id } });
    expect((await download(alpha.versionId)).status).toBe(200);
    expect((await download(bravo.versionId)).status).toBe(404);
    const upload = await uploadFiles(dana, bravo.projectId, [[Buffer.from("mine now\n"), "sneaky.txt"]]);
    expect(upload.status).toBe(404);

    const csv = await (await call(projectsExportRoute.loader, `${BASE}/projects/export`, { cookie: dana.cookie })).response!.text();
    expect(csv).toContain("Alpha project");
    expect(csv).not.toContain("Bravo");
  });

  test("The support desk's list, counts and request pages show only assigned companies", async () => {
    const inbox = await call(supportRoute.loader, `${BASE}/support`, { cookie: dana.cookie });
    expect((inbox.data!.entries as { subject: string }[]).map((e) => e.subject)).toEqual(["Alpha trouble"]);
    expect(inbox.data!.total).toBe(1);
    const searched = await call(supportRoute.loader, `${BASE}/support?q=trouble`, { cookie: dana.cookie });
    expect((searched.data!.entries as { subject: string }[]).map((e) => e.subject)).toEqual(["Alpha trouble"]);
    const request = (id: string) => call(complaintRoute.loader, `${BASE}/support/${id}`, { cookie: dana.cookie, params: { id } });
    expect((await request(alpha.complaintId)).status).toBe(200);
    expect((await request(bravo.complaintId)).status).toBe(404);
    const reply = await post(
      complaintRoute,
      `${BASE}/support/${bravo.complaintId}`,
      dana,
      { intent: "reply", text: "Hi" },
      { id: bravo.complaintId },
    );
    expect(reply.status).toBe(404);
    const assign = await post(supportRoute, `${BASE}/support`, dana, { intent: "assign-to-me", id: bravo.complaintId });
    expect(assign.status).toBe(404);
    expect(
      (await db().selectFrom("complaints").select("assigneeId").where("id", "=", bravo.complaintId).executeTakeFirstOrThrow()).assigneeId,
    ).toBeNull();

    // Nobody assigns a request to a member who may not see its company: not offered, and refused.
    const offered = async (id: string) =>
      (
        (await call(complaintRoute.loader, `${BASE}/support/${id}`, { cookie: admin.cookie, params: { id } })).data!.supportStaff as {
          id: string;
        }[]
      ).map((s) => s.id);
    expect(await offered(alpha.complaintId)).toContain(dana.id);
    expect(await offered(bravo.complaintId)).not.toContain(dana.id);
    expect(await offered(bravo.complaintId)).toContain(uma.id);
    const handed = await post(
      complaintRoute,
      `${BASE}/support/${bravo.complaintId}`,
      admin,
      { intent: "assign", assignee: dana.id },
      {
        id: bravo.complaintId,
      },
    );
    expect(handed.status).toBe(422);
    expect(
      await post(
        complaintRoute,
        `${BASE}/support/${alpha.complaintId}`,
        admin,
        { intent: "assign", assignee: dana.id },
        { id: alpha.complaintId },
      ),
    ).toMatchObject({ status: 200 });

    const counts = async (who: TestUser) =>
      (await call(overviewRoute.loader, BASE, { cookie: who.cookie })).data!.counts as Record<string, number>;
    expect((await counts(dana)).unansweredSupport).toBe(1);
    expect((await counts(nadia)).unansweredSupport).toBe(0);
    expect((await counts(uma)).unansweredSupport).toBe(2);
  });

  test("Invoices, credit notes, retainers and the billing CSV of a limited finance member are their companies' only", async () => {
    const list = await call(billingRoute.loader, `${BASE}/billing`, { cookie: fiona.cookie });
    expect((list.data!.invoices as { id: string }[]).map((i) => i.id)).toEqual([alpha.invoiceId]);
    expect((list.data!.companies as { name: string }[]).map((c) => c.name)).toEqual(["Alpha Works"]);
    const invoice = (id: string) => call(billingInvoiceRoute.loader, `${BASE}/billing/${id}`, { cookie: fiona.cookie, params: { id } });
    expect((await invoice(alpha.invoiceId)).status).toBe(200);
    expect((await invoice(bravo.invoiceId)).status).toBe(404);
    const voided = await post(
      billingInvoiceRoute,
      `${BASE}/billing/${bravo.invoiceId}`,
      fiona,
      { intent: "void", reason: "Mine now" },
      { id: bravo.invoiceId },
    );
    expect(voided.status).toBe(404);
    const retainers = await call(billingRetainersRoute.loader, `${BASE}/billing/retainers`, { cookie: fiona.cookie });
    expect((retainers.data!.retainers as { companyId: string }[]).map((r) => r.companyId)).toEqual([alpha.companyId]);
    const csv = await (await call(billingExportRoute.loader, `${BASE}/billing/export`, { cookie: fiona.cookie })).response!.text();
    expect(csv).toContain(alpha.invoiceNumber);
    expect(csv).not.toContain(bravo.invoiceNumber);
  });

  test("Proposals and leads follow their company; a lead of no company is every salesperson's", async () => {
    const proposals = await call(proposalsRoute.loader, `${BASE}/proposals`, { cookie: sally.cookie });
    expect((proposals.data!.proposals as { id: string }[]).map((p) => p.id)).toEqual([alpha.proposalId]);
    const page = (id: string) => call(proposalRoute.loader, `${BASE}/proposals/${id}`, { cookie: sally.cookie, params: { id } });
    expect((await page(alpha.proposalId)).status).toBe(200);
    expect((await page(bravo.proposalId)).status).toBe(404);

    const leads = await call(leadsRoute.loader, `${BASE}/leads`, { cookie: sally.cookie });
    const leadIds = (leads.data!.leads as { id: string }[]).map((l) => l.id);
    expect(leadIds).toContain(unconvertedLead);
    expect(leadIds).not.toContain(bravoLead);
    expect((await call(leadRoute.loader, `${BASE}/leads/${bravoLead}`, { cookie: sally.cookie, params: { id: bravoLead } })).status).toBe(
      404,
    );
    const csv = await (await call(leadsExportRoute.loader, `${BASE}/leads/export`, { cookie: sally.cookie })).response!.text();
    expect(csv).toContain("Lena Unconverted");
    expect(csv).not.toContain("Boris Converted");
    const everyone = await call(leadsRoute.loader, `${BASE}/leads`, { cookie: admin.cookie });
    expect((everyone.data!.leads as { id: string }[]).map((l) => l.id)).toContain(bravoLead);
  });

  test("New support requests and approvals alert the assigned team first; limited staff never hear of other companies", async () => {
    const told = async (eventKey: string) =>
      (await db().selectFrom("notifications").select("userId").where("eventKey", "=", eventKey).execute()).map((r) => r.userId).sort();
    // Alpha has a team: its members with Support hear of its request (finance has no Support).
    expect(await told(`complaint-new:${alpha.complaintId}`)).toEqual([dana.id, sally.id].sort());
    // Bravo has none: every Support member as before, except the limited ones not assigned to it.
    expect(await told(`complaint-new:${bravo.complaintId}`)).toEqual([admin.id, uma.id].sort());

    for (const side of [alpha, bravo]) {
      const milestone = await insertMilestone(side.projectId, { title: "Design", status: "waiting" });
      const approval = await requestApproval(priya(), { projectId: side.projectId, subjectType: "milestone", subjectId: milestone });
      const decider = { id: side.member.id, email: side.member.email, name: "Member", companyId: side.companyId, emailVerified: true };
      await decideApproval(decider, { projectId: side.projectId, approvalId: approval.id, decision: "approve" });
      const recipients = await told(`approval-decided:${approval.id}`);
      // Alpha's team with Clients; Bravo has none: the staff member who asked, as before.
      expect(recipients).toEqual(side === alpha ? [dana.id, sally.id].sort() : [admin.id]);
    }

    // A notification about a company they are no longer assigned to leaves a member's list.
    const titles = async () =>
      (
        (await call(notificationsRoute.loader, `${BASE}/notifications`, { cookie: dana.cookie })).data!.notifications as { title: string }[]
      ).map((n) => n.title);
    expect(await titles()).toContain('New support request: "Alpha trouble"');
    await db().deleteFrom("companyTeam").where("userId", "=", dana.id).execute();
    expect(await titles()).toEqual([]);
    await db().insertInto("companyTeam").values({ companyId: alpha.companyId, userId: dana.id, addedAt: Date.now() }).execute();
  });

  test("A limited member's live stream carries no event of another company", async () => {
    const controller = new AbortController();
    const request = buildRequest("http://localhost/events/console", { cookie: dana.cookie, signal: controller.signal });
    const response = (await consoleEvents.loader({ request, params: {}, context: {} } as never)) as Response;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    await reader.read();
    events().publish({ type: "project.changed", id: "bravo-project-secret", companyId: bravo.companyId });
    events().publish({ type: "complaint.changed", id: "bravo-request-secret", companyId: bravo.companyId });
    events().publish({ type: "complaint.noted", id: "bravo-note-secret", companyId: bravo.companyId });
    events().publish({ type: "company.changed", id: bravo.companyId });
    events().publish({ type: "project.changed", id: "alpha-visible", companyId: alpha.companyId });
    let text = "";
    while (!text.includes("alpha-visible")) text += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(text).not.toContain("secret");
    expect(text).not.toContain(bravo.companyId);
  });

  test("Colleagues who accept an invitation as Delivery start limited, as the Settings default says", async () => {
    const join = async (email: string, staffRole: "delivery" | "sales") => {
      await inviteStaff(priya(), { email, name: "", staffRole });
      const mail = await db()
        .selectFrom("mailOutbox")
        .select("textBody")
        .where("toAddress", "=", email)
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      const token = /staff-invitation\?token=([\w%-]+)/.exec(mail.textBody)![1]!;
      await acceptInvitation(decodeURIComponent(token), "a-long-staff-password-42");
      const row = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      return companyScope(row);
    };
    expect(await join("del-one@indigokite.dev", "delivery")).toEqual({ companyIds: [] });
    expect(await join("sales-one@indigokite.dev", "sales")).toBe("all");
    const saved = await post(settingsRoute, `${BASE}/settings`, admin, {
      intent: "save-settings",
      selfRegistration: "on",
      clientProjects: "on",
    });
    expect(saved).toMatchObject({ status: 200, data: { status: "success" } });
    expect(await join("del-two@indigokite.dev", "delivery")).toBe("all");
  });
});
