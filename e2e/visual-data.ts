import { randomUUID } from "node:crypto";
import { createSignedInUser, type SignedInUser } from "./fixtures";
import { openDatabase } from "./helpers";

// A first day's worth of realistic workspace data on an isolated server's database, for the
// screenshots of e2e/visual.spec.ts: one client company with a person, a project with milestones,
// an approval waiting, a support request the agency answered, and a few leads. Written with plain
// SQL in the columns every release since the client workspace has had, so the same seed runs against
// an older build when docs/screens/ compares before and after.

export interface VisualWorld {
  staff: SignedInUser;
  client: SignedInUser;
  projectId: string;
  requestId: string;
  leadId: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A date `days` from today as the YYYY-MM-DD text milestones keep. */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

export async function seedVisualWorld(databaseFile: string): Promise<VisualWorld> {
  const staff = await createSignedInUser({ role: "employee", email: "dev.rao@indigokite.dev", databaseFile });
  const client = await createSignedInUser({ role: "client", email: "priya.shah@brightpath.example", emailVerified: true, databaseFile });
  const db = openDatabase(databaseFile);
  try {
    const now = Date.now();
    const companyId = randomUUID();
    const projectId = randomUUID();
    const requestId = randomUUID();
    const leadId = randomUUID();
    db.transaction(() => {
      db.prepare("update users set name = 'Dev Rao' where id = ?").run(staff.id);
      // The stand-in for the CLI's first account (markSetupDone) has a random address; the staff list shows it.
      db.prepare("update users set email = 'operator@indigokite.dev' where email like 'operator-%'").run();
      db.prepare(
        "insert into companies (id, name, website, country, origin, created_at, updated_at) values (?, 'BrightPath Learning', 'https://brightpath.example', 'India', 'staff', ?, ?)",
      ).run(companyId, now - 20 * DAY, now - 20 * DAY);
      db.prepare("update users set name = 'Priya Shah', company_id = ?, client_admin = 1 where id = ?").run(companyId, client.id);
      db.prepare(
        "insert into projects (id, company_id, created_by, owner_id, title, description, progress, status, created_at, updated_at) values (?, ?, null, ?, 'Learning portal', 'A course catalogue, lessons and progress tracking for BrightPath''s students.', 40, 'in_progress', ?, ?)",
      ).run(projectId, companyId, staff.id, now - 20 * DAY, now - 2 * HOUR);
      const milestone = db.prepare(
        "insert into milestones (id, project_id, title, description, due_date, status, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const design = randomUUID();
      milestone.run(
        randomUUID(),
        projectId,
        "Discovery",
        "Interviews, goals and a scope everyone signed off.",
        dayFromToday(-10),
        "done",
        1,
        now,
        now,
      );
      milestone.run(
        design,
        projectId,
        "Design",
        "Screens and flows for the catalogue and lessons.",
        dayFromToday(4),
        "waiting",
        2,
        now,
        now,
      );
      milestone.run(
        randomUUID(),
        projectId,
        "Build",
        "The catalogue, lessons and progress tracking.",
        dayFromToday(30),
        "in_progress",
        3,
        now,
        now,
      );
      milestone.run(randomUUID(), projectId, "Launch", "Go live with the first three courses.", dayFromToday(45), "planned", 4, now, now);
      db.prepare(
        "insert into approvals (id, project_id, subject_type, subject_id, requested_by_name, requested_at, note, status, decided_by_name, decided_at, comment) values (?, ?, 'milestone', ?, 'Dev Rao', ?, 'The lesson screens are ready for your review.', 'pending', null, null, '')",
      ).run(randomUUID(), projectId, design, now - 3 * HOUR);
      db.prepare(
        "insert into complaints (id, company_id, created_by, subject, message, status, created_at, updated_at, waiting_since) values (?, ?, ?, 'Lesson videos stop after a minute', 'On the staging site, lesson videos stop playing after about a minute in Safari.', 'Pending', ?, ?, ?)",
      ).run(requestId, companyId, client.id, now - 5 * HOUR, now - 2 * HOUR, now - 5 * HOUR);
      db.prepare(
        "insert into complaint_replies (id, complaint_id, sender, sender_name, text, timestamp) values (?, ?, 'staff', 'Dev Rao', 'Thanks, Priya. We can reproduce it and are fixing the video player today.', ?)",
      ).run(randomUUID(), requestId, now - 2 * HOUR);
      const quote = db.prepare(
        "insert into quotes (id, name, email, phone, country, requirement, submitted_at, status) values (?, ?, ?, ?, ?, ?, ?, 'new')",
      );
      quote.run(
        leadId,
        "Arjun Mehta",
        "arjun@greenleaf.example",
        "98200 12345",
        "India",
        "An ordering app for our 12 cafés.",
        now - 4 * HOUR,
      );
      quote.run(
        randomUUID(),
        "Sofia Lindqvist",
        "sofia@nordwave.example",
        "+46 70 123 4567",
        "Sweden",
        "A booking site for surf lessons.",
        now - 30 * HOUR,
      );
      quote.run(
        randomUUID(),
        "Kenji Watanabe",
        "kenji@hoshi.example",
        "+81 90 1234 5678",
        "Japan",
        "A CRM for our sales team.",
        now - 3 * DAY,
      );
    }).immediate();
    return { staff, client, projectId, requestId, leadId };
  } finally {
    db.close();
  }
}

/**
 * Forgets what the people have seen (a reply read in Support, a project opened), so every variant
 * of a screen starts from the same first-day state whatever an earlier variant visited.
 */
export function forgetWhatWasSeen(databaseFile: string): void {
  const db = openDatabase(databaseFile);
  try {
    db.prepare("delete from seen_markers").run();
  } finally {
    db.close();
  }
}
