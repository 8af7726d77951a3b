import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { quoteSchema } from "~/lib/schemas/quotes";
import { db } from "~/server/db/db.server";
import { setProjectArchived } from "~/server/models/projects/projects-staff.server";
import { api, apiToken } from "../helpers/api";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { seedApiWorld, type ApiWorld } from "../helpers/api-world";

// The API's lists (keyset cursors, filters) and writes: the forms' own schemas and models answer,
// so the API refuses what the console refuses, with the same words.

async function addLead(submittedAt: number, status = "new") {
  const id = randomUUID();
  await db()
    .insertInto("quotes")
    .values({ id, name: "L", email: `${id}@example.com`, phone: "1", country: "", requirement: "r", submittedAt, status })
    .execute();
  return id;
}

describe.each(testDatabases("api-resources"))("The API's resources on $name", (database) => {
  let cleanup: () => Promise<void>;
  let world: ApiWorld;
  let token: string;

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    world = await seedApiWorld();
    ({ token } = await apiToken(world.admin));
  });
  afterAll(async () => cleanup());

  test("Paging by cursor stays stable while rows are written: every lead once, none twice, in order", async () => {
    await db().deleteFrom("quotes").where("id", "!=", world.lead.id).execute();
    const base = Date.now() - 100_000;
    // Two leads share a moment: the id orders them.
    const existing = [world.lead.id];
    for (const at of [base, base + 1, base + 1, base + 2, base + 3]) existing.push(await addLead(at));
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let page = 0;
    do {
      const answer = await api("GET", `/leads?limit=2${cursor ? `&cursor=${cursor}` : ""}`, { token });
      expect(answer.status).toBe(200);
      seen.push(...answer.json.data!.map((lead) => String(lead.id)));
      cursor = answer.json.nextCursor;
      // Meanwhile: a lead older than the page (never shown now) and a newer one (shown at the end).
      if (page++ === 0) {
        await addLead(base - 50);
        existing.push(await addLead(Date.now() + 60_000));
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...existing].sort());
    const order = await db().selectFrom("quotes").select(["id", "submittedAt"]).where("id", "in", seen).execute();
    const at = new Map(order.map((row) => [row.id, Number(row.submittedAt)]));
    expect(seen.map((id) => at.get(id)!)).toEqual(seen.map((id) => at.get(id)!).sort((a, b) => a - b));
  });

  test("A limit over 100, an unknown filter or a forged cursor is a 400 problem naming the parameter", async () => {
    const tooMany = await api("GET", "/leads?limit=101", { token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors).toEqual([expect.objectContaining({ field: "limit" })]);
    const unknown = await api("GET", "/leads?colour=red", { token });
    expect(unknown.status).toBe(400);
    const forged = await api("GET", `/leads?cursor=${Buffer.from('["x",1]').toString("base64url")}`, { token });
    expect(forged.status).toBe(400);
    expect(forged.json.errors).toEqual([{ field: "cursor", message: "This cursor is not one the API gave." }]);
  });

  test("Filters narrow lists: status, company and updated since", async () => {
    const won = await addLead(Date.now() - 5_000, "won");
    const wonOnly = await api("GET", "/leads?status=won", { token });
    expect(wonOnly.json.data!.map((l) => l.id)).toContain(won);
    expect(wonOnly.json.data!.every((l) => l.status === "won")).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api("GET", `/projects?updatedSince=${future}`, { token })).json.data).toEqual([]);
    const ofCompany = await api("GET", `/support-requests?companyId=${world.companyId}`, { token });
    expect(ofCompany.json.data!.map((r) => r.id)).toEqual([world.complaint.id]);
    expect((await api("GET", "/support-requests?companyId=nobody", { token })).json.data).toEqual([]);
  });

  test("An application shows its resume's details and link, never its bytes", async () => {
    const answer = await api("GET", `/applications/${world.applicationId}`, { token });
    expect(answer.json.resume).toEqual({
      name: "cv.pdf",
      contentType: "pdf",
      size: expect.any(Number),
      url: `/api/v1/applications/${world.applicationId}/resume`,
    });
    const download = await api("GET", `/applications/${world.applicationId}/resume`, { token });
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="cv.pdf"');
    const audit = await db().selectFrom("auditLog").select("action").where("entityId", "=", world.applicationId).execute();
    expect(audit.map((a) => a.action)).toContain("resume.download");
  });

  test("Creating a lead refuses what the quote form refuses, with the form's words", async () => {
    const body = { name: "N", email: "not-an-email", phone: "12", requirement: "x" };
    const answer = await api("POST", "/leads", { token, body });
    expect(answer.status).toBe(400);
    const formErrors = quoteSchema.safeParse(body).error!.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    expect(answer.json.errors).toEqual(formErrors);
    expect(formErrors.map((e) => e.field).sort()).toEqual(["consent", "email", "phone"]);
    const valid = { name: "N", email: "n@example.com", phone: "+91 98200 12345", requirement: "x", consent: CURRENT_CONSENT_VERSION };
    const misspelt = await api("POST", "/leads", { token, body: { ...valid, statsu: "won" } });
    expect(misspelt.status).toBe(400);
    expect(misspelt.json.errors).toEqual([{ field: "statsu", message: "Unknown field." }]);
    const notJson = await api("POST", "/leads", { token, headers: { "Content-Type": "text/plain" } });
    expect(notJson.status).toBe(415);
    const wrongMethod = await api("PATCH", "/leads", { token, body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  test("A company's duplicate name is a 409 conflict beside the name, as on the console", async () => {
    const first = await api("POST", "/companies", { token, body: { name: "Twice Ltd" } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ object: "company", name: "Twice Ltd", origin: "staff" });
    const second = await api("POST", "/companies", { token, body: { name: "twice ltd" } });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ type: "/employee-dashboard/api#problem-conflict", status: 409 });
    expect(second.json.errors).toEqual([{ field: "name", message: "A company named “twice ltd” already exists." }]);
    const badSite = await api("PATCH", `/companies/${String(first.json.id)}`, { token, body: { website: "ftp://x" } });
    expect(badSite.status).toBe(400);
    expect(badSite.json.errors).toEqual([{ field: "website", message: "Enter a website address such as https://example.com." }]);
  });

  test("Project changes keep the form's rules: dates in order, an archived project read-only", async () => {
    const dates = await api("PATCH", `/projects/${world.project.id}`, { token, body: { startDate: "2030-02-01", dueDate: "2030-01-01" } });
    expect(dates.status).toBe(400);
    expect(dates.json.errors).toEqual([{ field: "dueDate", message: "The due date cannot be before the start date." }]);
    const status = await api("PATCH", `/projects/${world.project.id}`, { token, body: { status: "on_hold", dueDate: null } });
    expect(status.json).toMatchObject({ status: "on_hold", dueDate: null, title: world.project.title });
    await setProjectArchived(world.staffActor, world.project.id, true);
    try {
      const archived = await api("PATCH", `/projects/${world.project.id}`, { token, body: { status: "done" } });
      expect(archived.status).toBe(409);
      const milestone = await api("POST", "/milestones", {
        token,
        body: { projectId: world.project.id, title: "Late", status: "planned" },
      });
      expect(milestone.status).toBe(409);
    } finally {
      await setProjectArchived(world.staffActor, world.project.id, false);
    }
  });

  test("A project created through the API belongs to its company, follows its milestones, and is refused as the console's form refuses", async () => {
    const created = await api("POST", "/projects", {
      token,
      body: {
        companyId: world.companyId,
        title: "From the CRM",
        description: "Synced from our pipeline.",
        status: "planned",
        dueDate: "2030-03-01",
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      object: "project",
      companyId: world.companyId,
      title: "From the CRM",
      dueDate: "2030-03-01",
      progress: 0,
    });
    const audit = await db().selectFrom("auditLog").select(["actorEmail"]).where("entityId", "=", String(created.json.id)).execute();
    expect(audit).toEqual([{ actorEmail: expect.stringContaining("(API token)") }]);
    const blank = await api("POST", "/projects", {
      token,
      body: { companyId: world.companyId, title: "", description: "x", status: "planned" },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual([{ field: "title", message: expect.stringContaining("Title") }]);
    const nowhere = await api("POST", "/projects", {
      token,
      body: { companyId: randomUUID(), title: "Lost", description: "x", status: "planned" },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json.detail).toBe("This company does not exist.");
  });

  test("A milestone marked done through the API moves the project's progress", async () => {
    const added = await api("POST", "/milestones", { token, body: { projectId: world.project.id, title: "Launch", status: "planned" } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ object: "milestone", projectId: world.project.id, title: "Launch", position: 2 });
    const done = await api("PATCH", `/milestones/${String(added.json.id)}`, { token, body: { status: "done" } });
    expect(done.json).toMatchObject({ status: "done", completedAt: expect.any(String) });
    const project = await api("GET", `/projects/${world.project.id}`, { token });
    expect(project.json.progress).toBe(50);
  });

  test("Support: a reply and a status change reach the request; a blank reply is refused with the desk's words", async () => {
    const blank = await api("POST", `/support-requests/${world.complaint.id}/replies`, { token, body: { text: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual([{ field: "text", message: "Reply is empty." }]);
    const resolved = await api("PATCH", `/support-requests/${world.complaint.id}`, { token, body: { status: "Resolved" } });
    expect(resolved.json).toMatchObject({ status: "Resolved" });
    expect((resolved.json.replies as unknown[]).length).toBeGreaterThan(0);
    const closed = await api("PATCH", `/support-requests/${world.complaint.id}`, { token, body: { status: "Closed" } });
    expect(closed.status).toBe(400);
    const nothing = await api("PATCH", `/support-requests/${world.complaint.id}`, { token, body: {} });
    expect(nothing.status).toBe(400);
  });

  test("Members are listed per company, without anyone from the agency", async () => {
    const members = await api("GET", `/members?companyId=${world.companyId}`, { token });
    expect(members.json.data).toEqual([expect.objectContaining({ object: "member", id: world.member.id, companyId: world.companyId })]);
    expect((await api("GET", `/members/${world.admin.id}`, { token })).status).toBe(404);
  });

  // Last in this file: a second world gives every list at least two rows.
  describe("with two of every record", () => {
    beforeAll(async () => {
      await seedApiWorld();
    });

    test.each(["applications", "companies", "members", "projects", "milestones", "support-requests"])(
      "The %s list pages by cursor, one at a time, through the same rows in the same order as one page of all",
      async (list) => {
        const whole = await api("GET", `/${list}?limit=100`, { token });
        expect(whole.status).toBe(200);
        const all = whole.json.data!.map((row) => String(row.id));
        expect(all.length).toBeGreaterThanOrEqual(2);
        const seen: string[] = [];
        let cursor: string | null | undefined;
        do {
          const answer = await api("GET", `/${list}?limit=1${cursor ? `&cursor=${cursor}` : ""}`, { token });
          expect(answer.status).toBe(200);
          seen.push(...answer.json.data!.map((row) => String(row.id)));
          cursor = answer.json.nextCursor;
        } while (cursor && seen.length <= all.length);
        expect(seen).toEqual(all);
      },
    );
  });
});
