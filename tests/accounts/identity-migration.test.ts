// Decision 0075's migration on a database written before it: placeholder names go, profile names
// come in, fallback-named companies are marked, and a client's replies are linked to their author.
import { sql, type Kysely } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import { createDb, createMigrator, dialectOfDb } from "~/server/db/db.server";
import { testDatabases, type TestDatabase } from "../helpers/databases";

const BEFORE = "2026-11-28T2350-user-time-zone";
const NOW = 1_764_000_000_000;
const opened: TestDatabase[] = [];
afterAll(() => Promise.all(opened.map((d) => d.teardown())));

async function seed(db: Kysely<unknown>): Promise<void> {
  const yes = dialectOfDb(db as never) === "postgres" ? sql`true` : sql`1`;
  const stamp = new Date(NOW).toISOString();
  const company = (id: string, name: string, origin: string) =>
    sql`insert into companies (id, name, origin, created_at, updated_at) values (${id}, ${name}, ${origin}, ${NOW}, ${NOW})`.execute(db);
  await company("co-priya", "priya", "self");
  await company("co-asha", "Acme Logistics", "self");
  await company("co-ravi", "ravi", "self");
  await company("co-kite", "Kite Foods", "staff");
  const user = (id: string, email: string, name: string, role: string, companyId: string | null) =>
    sql`insert into users (id, name, email, email_verified, role, company_id, client_admin, created_at, updated_at)
      values (${id}, ${name}, ${email}, ${yes}, ${role}, ${companyId}, ${yes}, ${stamp}, ${stamp})`.execute(db);
  await user("u-priya", "priya@brightpath.example", "priya", "client", "co-priya");
  await user("u-asha", "asha@acme.example", "asha", "client", "co-asha");
  await user("u-ravi", "ravi@example.org", "ravi", "client", "co-ravi");
  await user("u-kim", "kim@kite.example", "Kim Lee", "client", "co-kite");
  await user("u-ops", "ops@indigokite.dev", "ops", "employee", null);
  await user("u-dev", "dev@indigokite.dev", "Dev Rao", "employee", null);
  await sql`insert into profiles (user_id, full_name, phone, company, country, email, updated_at)
    values ('u-asha', 'Asha Rao', '+91 98200 12345', ' Acme Logistics ', '', 'asha@acme.example', ${NOW})`.execute(db);
  // Staff renamed Ravi's company to the name it has now (by chance, his e-mail's local part).
  await sql`insert into audit_log (id, actor_id, actor_email, action, entity, entity_id, detail, created_at)
    values ('a-1', 'u-dev', 'dev@indigokite.dev', 'company.update', 'company', 'co-ravi', '{}', ${NOW})`.execute(db);
  await sql`insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at)
    values ('c-1', 'co-priya', 'u-priya', 'Login', 'Broken', 'Pending', ${NOW}, ${NOW})`.execute(db);
  await sql`insert into complaint_replies (id, complaint_id, sender, sender_name, text, timestamp)
    values ('r-1', 'c-1', 'client', 'priya', 'Still broken', ${NOW}), ('r-2', 'c-1', 'staff', 'Dev Rao', 'Fixed', ${NOW + 1}),
           ('r-3', 'c-1', 'client', 'Someone else', 'Me too', ${NOW + 2})`.execute(db);
}

describe.each(testDatabases("identity-migration"))("On $name", (database) => {
  test("Placeholder names are dropped, profile names copied in, fallback-named companies marked and a client's replies linked to them", async () => {
    opened.push(database);
    const db = createDb(await database.setup());
    try {
      const migrator = await createMigrator(db);
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      await seed(db as Kysely<unknown>);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const users = await db.selectFrom("users").select(["id", "name"]).orderBy("id").execute();
      expect(Object.fromEntries(users.map((u) => [u.id, u.name]))).toEqual({
        "u-asha": "Asha Rao",
        "u-dev": "Dev Rao",
        "u-kim": "Kim Lee",
        "u-ops": "",
        "u-priya": "",
        "u-ravi": "",
      });
      const companies = await db.selectFrom("companies").select(["id", "name", "nameOrigin"]).orderBy("id").execute();
      expect(Object.fromEntries(companies.map((c) => [c.id, c.nameOrigin]))).toEqual({
        "co-asha": "given",
        "co-kite": "given",
        "co-priya": "fallback",
        "co-ravi": "given",
      });
      const replies = await db.selectFrom("complaintReplies").select(["id", "senderId", "senderName"]).orderBy("id").execute();
      expect(replies).toEqual([
        { id: "r-1", senderId: "u-priya", senderName: "priya" },
        { id: "r-2", senderId: null, senderName: "Dev Rao" },
        { id: "r-3", senderId: null, senderName: "Someone else" },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
