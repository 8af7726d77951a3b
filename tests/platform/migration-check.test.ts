// The expand → contract check that `npm run lint` runs over app/server/db/migrations.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { findBreakingChanges, problems, releasedVersions } from "../../scripts/lib/migration-check";

const RELEASED = ["0.1.0", "0.2.0"];
const check = (source: string) => problems(findBreakingChanges("m.ts", source), RELEASED);
const migration = (up: string, rest = "") =>
  `import { sql, type Kysely } from "kysely";\nexport async function up(db: Kysely<unknown>): Promise<void> {\n${up}\n}\n${rest}`;

test("Renaming or dropping a table or column in a migration's up is flagged, with the line", () => {
  const flagged = [
    `await db.schema.alterTable("quotes").renameColumn("status", "stage").execute();`,
    `await db.schema.alterTable("quotes").dropColumn("status").execute();`,
    `await db.schema.dropTable("quotes").execute();`,
    `await db.schema.alterTable("quotes").renameTo("leads").execute();`,
    "await sql`alter table quotes rename column status to stage`.execute(db);",
    "await sql`ALTER TABLE quotes DROP COLUMN status`.execute(db);",
    "await sql.raw(`drop table ${name}`).execute(db);",
    "await sql`alter table ${sql.table(t)} rename to leads`.execute(db);",
  ];
  for (const statement of flagged) {
    const found = check(migration(`  ${statement}`));
    expect(found, statement).toHaveLength(1);
    expect(found[0]).toMatch(/^m\.ts:3: (renames|drops) a (table|column), which the previous release may still use/);
  }
});

test("Adding a NOT NULL column without a default, or making one NOT NULL, is flagged: the previous release's inserts would fail", () => {
  expect(check(migration(`await db.schema.alterTable("quotes").addColumn("stage", "text", (c) => c.notNull()).execute();`))).toHaveLength(
    1,
  );
  expect(check(migration("await sql`alter table quotes add column stage text not null`.execute(db);"))).toHaveLength(1);
  expect(check(migration(`await db.schema.alterTable("q").alterColumn("s", (c) => c.setNotNull()).execute();`))).toHaveLength(1);
});

test("Widening passes: new tables, nullable columns, columns with a default, and dropping what up just made", () => {
  const widening = [
    `await db.schema.createTable("leads").addColumn("id", "text", (c) => c.primaryKey().notNull()).execute();`,
    `await db.schema.alterTable("quotes").addColumn("stage", "text").execute();`,
    `await db.schema.alterTable("quotes").addColumn("stage", "text", (c) => c.notNull().defaultTo("new")).execute();`,
    "await sql`alter table quotes add column stage varchar(16) not null default 'new'`.execute(db);",
    "await sql`alter table quotes alter column stage drop not null`.execute(db);",
    "await sql`drop trigger if exists quotes_touch on quotes`.execute(db);",
    `await db.schema.dropIndex("quotes_stage").execute();`,
  ];
  for (const statement of widening) expect(check(migration(statement)), statement).toEqual([]);
});

test("Drops in down, and in helpers only down calls, are not flagged; helpers that up calls are", () => {
  const down = `export async function down(db: Kysely<unknown>) { await dropAll(db); }\nasync function dropAll(db: Kysely<unknown>) { await db.schema.dropTable("leads").execute(); }`;
  expect(check(migration(`await db.schema.createTable("leads").execute();`, down))).toEqual([]);
  const helper = `const cleanUp = async (db: Kysely<unknown>) => { await db.schema.alterTable("quotes").dropColumn("status").execute(); };`;
  expect(check(migration("await cleanUp(db);", helper))).toEqual([expect.stringMatching(/^m\.ts:5: drops a column/)]);
});

test("A contract step marked safe after a released version passes; an unmarked one beside it still fails", () => {
  const marked = migration(
    [
      "  // Contract step, safe after 0.2.0: nothing reads quotes.status since 0.2.0 (it reads stage).",
      `  await db.schema.alterTable("quotes").dropColumn("status").execute();`,
      `  await db.schema.alterTable("quotes").dropColumn("notes").execute();`,
    ].join("\n"),
  );
  expect(check(marked)).toEqual([expect.stringMatching(/^m\.ts:5: drops a column/)]);
  const helper = `// Contract step, safe after 0.1.0: the old table is unread since 0.1.0.\nasync function contract(db: Kysely<unknown>) { await db.schema.dropTable("old_quotes").execute(); }`;
  expect(check(migration("await contract(db);", helper))).toEqual([]);
});

test("A contract step naming a release that does not exist yet is refused", () => {
  const early = migration(
    `  // Contract step, safe after 0.3.0: stage replaced status.\n  await db.schema.alterTable("quotes").dropColumn("status").execute();`,
  );
  expect(check(early)).toEqual([expect.stringContaining("marked safe after 0.3.0, which is not a release in CHANGELOG.md")]);
});

test("A marked SQLite table rebuild may drop and rename tables, but not columns", () => {
  const rebuild = migration(
    [
      "  // Table rebuild, every column kept: SQLite cannot drop NOT NULL on quotes.email.",
      "  await sql`drop table quotes`.execute(db);",
      "  // Table rebuild, every column kept: the copy takes the old name.",
      "  await sql`alter table quotes_next rename to quotes`.execute(db);",
      "  // Table rebuild, every column kept: (not a table step)",
      "  await sql`alter table quotes drop column notes`.execute(db);",
    ].join("\n"),
  );
  expect(check(rebuild)).toEqual([expect.stringMatching(/^m\.ts:8: drops a column/)]);
});

test("Released versions are the changelog's version headings, not Unreleased", () => {
  expect(releasedVersions("# Changelog\n## [Unreleased]\n## [0.2.0] - 2027-01-10\n## [0.1.0] - 2026-11-26\n")).toEqual(["0.2.0", "0.1.0"]);
});

test("The repository's migrations pass the check", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/lint-migrations.ts", "--verbose"], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain("1 grandfathered");
}, 30_000);
