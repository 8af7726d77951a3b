import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";

// Rows the specs write straight into the server's database, so a test starts where it is about
// rather than clicking its way there. One shape per table, the columns the app requires.

/** A new lead, as the quote form would leave it. */
export function insertLead(db: Database.Database, name: string, email: string): string {
  const id = randomUUID();
  db.prepare(
    "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, ?, '98200 12345', 'India', 'A delivery app.', ?, 'new')",
  ).run(id, name, email, Date.now());
  return id;
}

/** A client company staff added. */
export function insertCompany(db: Database.Database, name: string): string {
  const id = randomUUID();
  const now = Date.now();
  db.prepare(
    "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, ?, '', 'India', 'staff', ?, ?)",
  ).run(id, name, now, now);
  return id;
}

/** A project in progress of a company, optionally with a staff owner; `changedAt` orders it among others. */
export function insertProject(
  db: Database.Database,
  companyId: string,
  title: string,
  { ownerId = null, changedAt = Date.now() }: { ownerId?: string | null; changedAt?: number } = {},
): string {
  const id = randomUUID();
  db.prepare(
    "insert into projects (id, company_id, created_by, owner_id, title, description, progress, status, created_at, updated_at) values (?, ?, null, ?, ?, 'Delivery tracking.', 0, 'in_progress', ?, ?)",
  ).run(id, companyId, ownerId, title, changedAt, changedAt);
  return id;
}

/** "Kite Foods {uid}" with its project "Rider app {uid}". */
export function insertCompanyWithProject(
  db: Database.Database,
  uid: string,
  ownerId: string | null = null,
): { companyId: string; projectId: string; title: string } {
  const companyId = insertCompany(db, `Kite Foods ${uid}`);
  const title = `Rider app ${uid}`;
  return { companyId, projectId: insertProject(db, companyId, title, { ownerId }), title };
}

/** Planned milestones in the order given. */
export function insertMilestones(db: Database.Database, projectId: string, titles: string[]): string[] {
  const now = Date.now();
  const insert = db.prepare(
    "insert into milestones (id, project_id, title, description, due_date, status, position, created_at, updated_at) values (?, ?, ?, '', '2026-12-01', 'planned', ?, ?, ?)",
  );
  return titles.map((title, i) => {
    const id = randomUUID();
    insert.run(id, projectId, title, i + 1, now, now);
    return id;
  });
}
