// The companies migration on a database made with the schema before it (clients,
// projects with progress history, complaints with replies): every row stays, with its ownership.
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import { createDb, createMigrator, dialectOfDb } from "~/server/db/db.server";
import { testDatabases, type TestDatabase } from "../helpers/databases";

const BEFORE = "2026-11-24T2350-second-factor-pending";
const opened: TestDatabase[] = [];
afterAll(() => Promise.all(opened.map((d) => d.teardown())));

// The old schema's columns, written as raw SQL: the app's types describe the new one.
async function seedOldSchema(db: Kysely<unknown>): Promise<void> {
  const now = 1_764_000_000_000;
  const stamp = dialectOfDb(db as never) === "postgres" ? new Date(now).toISOString() : new Date(now).toISOString();
  const user = (id: string, email: string, role: string, name: string) =>
    sql`insert into users (id, name, email, email_verified, role, created_at, updated_at) values (${id}, ${name}, ${email}, ${dialectOfDb(db as never) === "postgres" ? sql`true` : sql`1`}, ${role}, ${stamp}, ${stamp})`.execute(
      db,
    );
  await user("u-acme", "asha@acme.example", "client", "asha");
  await user("u-solo", "ravi@example.org", "client", "ravi");
  await user("u-bare", "bare@example.net", "client", "bare");
  await user("u-staff", "ops@indigokite.dev", "employee", "Ops");
  const profile = (userId: string, fullName: string, company: string, country: string) =>
    sql`insert into profiles (user_id, full_name, phone, company, country, email, updated_at) values (${userId}, ${fullName}, '+91 98200 12345', ${company}, ${country}, 'x@example.com', ${now})`.execute(
      db,
    );
  await profile("u-acme", "Asha Rao", "Acme Logistics", "India");
  await profile("u-solo", "Ravi Kumar", "", "Canada");
  const project = (id: string, ownerId: string, title: string, progress: number) =>
    sql`insert into projects (id, owner_id, title, description, progress, created_at, updated_at) values (${id}, ${ownerId}, ${title}, 'd', ${progress}, ${now}, ${now})`.execute(
      db,
    );
  await project("p-acme-1", "u-acme", "Rider app", 40);
  await project("p-acme-2", "u-acme", "Warehouse", 0);
  await project("p-solo", "u-solo", "Blog", 100);
  await sql`insert into project_progress (id, project_id, progress, note, changed_by_name, changed_at) values ('h-1', 'p-acme-1', 40, 'Design done', 'Ops', ${now})`.execute(
    db,
  );
  await sql`insert into complaints (id, owner_id, subject, message, status, created_at, updated_at) values ('c-acme', 'u-acme', 'Login', 'Broken', 'Pending', ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into complaints (id, owner_id, subject, message, status, created_at, updated_at) values ('c-bare', 'u-bare', 'Hi', 'Hello', 'Resolved', ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into complaint_replies (id, complaint_id, sender, sender_name, text, timestamp) values ('r-1', 'c-acme', 'user', '', 'Still broken', ${now}), ('r-2', 'c-acme', 'staff', 'Ops', 'Fixed', ${now + 1})`.execute(
    db,
  );
}

describe.each(testDatabases("companies-migration"))("On $name", (database) => {
  test("Every client gets a company of their own, named after their profile's company or name, and keeps every project, progress entry, request and reply", async () => {
    opened.push(database);
    const db = createDb(await database.setup());
    try {
      const migrator = await createMigrator(db);
      const before = await migrator.migrateTo(BEFORE);
      expect(before.error).toBeUndefined();
      await seedOldSchema(db as Kysely<unknown>);
      const after = await migrator.migrateToLatest();
      expect(after.error).toBeUndefined();

      const users = await db.selectFrom("users").select(["id", "companyId", "clientAdmin"]).orderBy("id").execute();
      const companyOf = Object.fromEntries(users.map((u) => [u.id, u.companyId]));
      expect(companyOf["u-staff"]).toBeNull();
      for (const id of ["u-acme", "u-solo", "u-bare"]) expect(companyOf[id]).toEqual(expect.any(String));
      expect(new Set([companyOf["u-acme"], companyOf["u-solo"], companyOf["u-bare"]]).size).toBe(3);
      expect(users.filter((u) => u.id !== "u-staff").every((u) => Boolean(u.clientAdmin))).toBe(true);

      const companies = await db.selectFrom("companies").select(["id", "name", "country", "origin", "closedAt"]).execute();
      const named = Object.fromEntries(companies.map((c) => [c.id, c]));
      expect(named[companyOf["u-acme"]!]).toMatchObject({ name: "Acme Logistics", country: "India", origin: "self", closedAt: null });
      expect(named[companyOf["u-solo"]!]).toMatchObject({ name: "Ravi Kumar", country: "Canada" });
      expect(named[companyOf["u-bare"]!]).toMatchObject({ name: "bare", country: "" });

      const projects = await db
        .selectFrom("projects")
        .select(["id", "companyId", "createdBy", "ownerId", "progress", "status", "archivedAt", "title"])
        .orderBy("id")
        .execute();
      expect(projects).toEqual([
        {
          id: "p-acme-1",
          companyId: companyOf["u-acme"],
          createdBy: "u-acme",
          ownerId: null,
          progress: 40,
          status: "planned",
          archivedAt: null,
          title: "Rider app",
        },
        {
          id: "p-acme-2",
          companyId: companyOf["u-acme"],
          createdBy: "u-acme",
          ownerId: null,
          progress: 0,
          status: "planned",
          archivedAt: null,
          title: "Warehouse",
        },
        {
          id: "p-solo",
          companyId: companyOf["u-solo"],
          createdBy: "u-solo",
          ownerId: null,
          progress: 100,
          status: "planned",
          archivedAt: null,
          title: "Blog",
        },
      ]);
      expect(await db.selectFrom("projectProgress").select(["id", "projectId", "progress", "note"]).execute()).toEqual([
        { id: "h-1", projectId: "p-acme-1", progress: 40, note: "Design done" },
      ]);
      const complaints = await db.selectFrom("complaints").select(["id", "companyId", "createdBy", "status"]).orderBy("id").execute();
      expect(complaints).toEqual([
        { id: "c-acme", companyId: companyOf["u-acme"], createdBy: "u-acme", status: "Pending" },
        { id: "c-bare", companyId: companyOf["u-bare"], createdBy: "u-bare", status: "Resolved" },
      ]);
      expect((await db.selectFrom("complaintReplies").select("id").orderBy("id").execute()).map((r) => r.id)).toEqual(["r-1", "r-2"]);

      // The foreign keys now point where the new model says: a member leaving keeps the company's work.
      await db.deleteFrom("users").where("id", "=", "u-acme").execute();
      expect(
        (await db.selectFrom("projects").select("createdBy").where("companyId", "=", companyOf["u-acme"]!).execute()).map(
          (p) => p.createdBy,
        ),
      ).toEqual([null, null]);
      expect(await db.selectFrom("complaintReplies").select("id").execute()).toHaveLength(2);
      // And a company going takes its work with it.
      await db.deleteFrom("companies").where("id", "=", companyOf["u-solo"]!).execute();
      expect(await db.selectFrom("projects").select("id").where("id", "=", "p-solo").execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
