import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { createDb, createMigrator } from "~/server/db/db.server";
import { testDatabases } from "../helpers/databases";
import { staffCli } from "../helpers/staff-cli";

// The staff command line with roles, against a throw-away SQLite file; and the
// migration that gives everyone who was staff before roles existed the admin role.
const dir = mkdtempSync(path.join(tmpdir(), "agency-staff-roles-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const PASSWORD = "cli-password-0123456789";

const cli = staffCli(dir);

test(
  "The first account is an admin even when asked for another role; --role sets later ones; list shows roles; role changes one; a bad role is refused",
  { timeout: 180_000 },
  () => {
    const first = cli("add", "first@indigokite.dev", "--password", PASSWORD, "--role", "sales");
    expect(first, first.stderr).toMatchObject({ status: 0 });
    expect(first.stdout.trim().split("\n")).toEqual([
      "Staff account created: first@indigokite.dev",
      "Role: admin (the first staff account is always an admin)",
    ]);
    const recruiter = cli("add", "rita@indigokite.dev", "--password", PASSWORD, "--role", "recruiter");
    expect(recruiter.stdout).toContain("Role: recruiter");
    // Without --role the output is exactly what it was before roles (scripts read it).
    const plain = cli("add", "plain@indigokite.dev", "--password", PASSWORD);
    expect(plain.stdout.trim()).toBe("Staff account created: plain@indigokite.dev");

    const bad = cli("add", "x@indigokite.dev", "--password", PASSWORD, "--role", "owner");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--role must be one of admin|sales|recruiter|delivery|finance (got owner).");

    expect(cli("role", "rita@indigokite.dev", "delivery")).toMatchObject({ status: 0, stdout: "rita@indigokite.dev is now delivery.\n" });
    const listed = cli("list").stdout;
    // No --name given: the name column is empty (a name is a person's full name or nothing, decision 0075).
    expect(listed).toMatch(/^first@indigokite\.dev\t\tcreated \S+\tadmin$/m);
    expect(listed).toMatch(/^rita@indigokite\.dev\t\tcreated \S+\tdelivery$/m);
    expect(listed).toMatch(/^plain@indigokite\.dev\t\tcreated \S+\tadmin$/m);
    expect(listed).not.toContain("x@indigokite.dev");
  },
);

test("The roles migration makes every existing staff account an admin and leaves clients without a staff role", async () => {
  const database = testDatabases("staff-cli").find((d) => d.name === "sqlite")!;
  const db = createDb(await database.setup());
  try {
    const migrator = await createMigrator(db);
    await migrator.migrateTo("2026-11-21T1900-staff-console");
    const now = new Date().toISOString();
    for (const [id, email, role] of [
      ["u1", "old@indigokite.dev", "employee"],
      ["u2", "client@example.com", "client"],
    ]) {
      await sql`insert into users (id, name, email, email_verified, role, created_at, updated_at) values (${id}, ${"N"}, ${email}, 1, ${role}, ${now}, ${now})`.execute(
        db,
      );
    }
    await migrator.migrateTo("2026-11-24T2340-staff-roles");
    const rows = await sql<{ email: string; staffRole: string | null }>`select email, staff_role from users order by email`.execute(db);
    expect(rows.rows).toEqual([
      { email: "client@example.com", staffRole: null },
      { email: "old@indigokite.dev", staffRole: "admin" },
    ]);
  } finally {
    await db.destroy();
    await database.teardown();
  }
});
