import { createHash } from "node:crypto";
import { sql } from "kysely";
import { roleForEmail } from "~/lib/roles";
import { STAFF_ROLES } from "~/lib/staff-roles";
import { APPLICATION_STAGES } from "~/lib/schemas/applications-staff";
import { LEAD_STATUSES } from "~/lib/schemas/quotes-staff";
import { COMPLAINT_STATUSES } from "~/lib/schemas/complaints-staff";
import { createDb, type Db } from "~/server/db/db.server";
import type { ServerInfo } from "./server";
import { listenForAuthNotices, stopListening } from "./auth-notices";
import { changeCounts, installChangeCounters } from "./change-counters";

const handles = new Map<string, Db>();

/** The server's own database, opened from the test process (SQLite in WAL mode allows both). */
export function database(server: ServerInfo): Db {
  let handle = handles.get(server.databaseUrl);
  if (!handle) {
    handles.set(server.databaseUrl, (handle = createDb(server.databaseUrl)));
    if (server.backend === "postgres") void listenForAuthNotices(server.databaseUrl);
  }
  return handle;
}

export async function closeDatabase(server: ServerInfo): Promise<void> {
  digests.delete(server.databaseUrl);
  countersReady.delete(server.databaseUrl);
  await handles.get(server.databaseUrl)?.destroy();
  handles.delete(server.databaseUrl);
}

export async function closeDatabases(): Promise<void> {
  for (const handle of handles.values()) await handle.destroy();
  handles.clear();
  await stopListening();
}

// Tables whose every row must stay the same when a request is refused.
const ROW_TABLES = [
  "users",
  "profiles",
  "projects",
  "project_progress",
  "complaints",
  "complaint_replies",
  "quotes",
  "job_openings",
  "job_applications",
  "testimonials",
  "record_notes",
  "audit_log",
  "accounts",
  // Second factors: a refused request must not start, confirm or remove one.
  "two_factors",
  "passkeys",
  "staff_invitations",
  // Companies and the operator's switches (console Settings).
  "companies",
  "app_settings",
  // Project files and their versions.
  "project_files",
  "file_versions",
  // Files on support requests and replies.
  "attachments",
  // Notifications (written with their events, marked read by their owner only).
  "notifications",
  "notification_read_marks",
  // Internal notes and saved replies.
  "complaint_notes",
  "saved_replies",
  // E-mail preferences and digest hours (the unsubscribe link changes them too).
  "notification_preferences",
  "digest_schedules",
  // The public site's content, its versions and old slugs' redirects.
  "site_items",
  "site_versions",
  "site_redirects",
  // Billing: invoices (drafts and issued), their lines and payments.
  "invoices",
  "invoice_lines",
  "invoice_payments",
  "recurring_invoices",
  // Proposals: working copies, sent versions, links, views, signatures and templates.
  "proposals",
  "proposal_versions",
  "proposal_links",
  "proposal_views",
  "proposal_signatures",
  "proposal_templates",
  // Checkout sessions Pay opened; refunds, failed refunds and disputes of card payments.
  "invoice_checkouts",
  "invoice_card_adjustments",
  // An approval request mail's links (decision 0099).
  "approval_mail_links",
  // Assigned accounts (decision 0105): a company's team and account manager.
  "company_team",
  // Inbound mail (decision 0096): only the secret-gated entry writes these.
  "inbound_messages",
  "mail_threads",
  // Replies to project mails (decision 0101), written with the notification mails they thread.
  "project_mail_threads",
  // Webhook and chat endpoints, the events written with the changes, their deliveries (decision 0103).
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
  // API tokens (decision 0104): made and revoked by admins only.
  "api_tokens",
];
// The audit rows of reads (a resume downloaded, a CSV exported) record a GET that
// was answered; they are not a change the request made to anything.
const READ_AUDITS = [
  "resume.download",
  "leads.export",
  "applications.export",
  "projects.export",
  "billing.export",
  "file.download",
  "attachment.download",
  "data.export",
];
// Tables the server also writes on its own (mail worker, session refresh): compared by count.
const COUNT_TABLES = ["sessions", "verifications", "mail_outbox"];

const digests = new Map<string, Map<string, { count: string; digest: string }>>();
const countersReady = new Map<string, Promise<void>>();

/** A digest of everything a request could change, except rate-limit counters. */
export async function fingerprint(server: ServerInfo): Promise<string> {
  const db = database(server);
  let ready = countersReady.get(server.databaseUrl);
  if (!ready) countersReady.set(server.databaseUrl, (ready = installChangeCounters(db, server.backend, ROW_TABLES)));
  await ready;
  let known = digests.get(server.databaseUrl);
  if (!known) digests.set(server.databaseUrl, (known = new Map()));
  const counts = await changeCounts(db);
  const hash = createHash("sha256");
  for (const table of ROW_TABLES) {
    const count = counts.get(table)!;
    let entry = known.get(table);
    if (entry?.count !== count) {
      entry = { count, digest: await tableDigest(db, table) };
      // The count was read before the rows: a change in between moves the count past the one kept here, so the table is read again next time.
      known.set(table, entry);
    }
    hash.update(`${table}:${entry.digest}\n`);
  }
  for (const table of COUNT_TABLES) hash.update(`${table}:${await count(server, table)}\n`);
  return hash.digest("hex");
}

async function tableDigest(db: Db, table: string): Promise<string> {
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const lines = rows.rows
    .filter((row) => table !== "audit_log" || !READ_AUDITS.includes(String(row.action)))
    .map((row) => JSON.stringify(row))
    .sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

export async function count(server: ServerInfo, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database(server));
  return Number(result.rows[0]?.n ?? 0);
}

export async function clearRateLimits(server: ServerInfo): Promise<void> {
  await database(server).deleteFrom("rateLimits").execute();
}

/** Marks an address verified, as its verification link would (decision 0028): an established client. */
export async function markEmailVerified(server: ServerInfo, email: string): Promise<void> {
  await database(server)
    .updateTable("users")
    .set({ emailVerified: server.backend === "sqlite" ? 1 : true })
    .where("email", "=", email.toLowerCase())
    .execute();
}

export async function userId(server: ServerInfo, email: string): Promise<string> {
  const row = await database(server).selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
  return row.id;
}

/** Rules that hold whatever was posted: enums, ranges, owners that exist, roles from the domain. */
export async function invariantViolations(server: ServerInfo, companyDomain = "indigokite.dev"): Promise<string[]> {
  const db = database(server);
  const problems: string[] = [];
  const users = await db.selectFrom("users").select(["id", "email", "role", "staffRole", "staffDisabledAt"]).execute();
  const ids = new Set(users.map((u) => u.id));
  for (const u of users) if (u.role !== roleForEmail(u.email, companyDomain)) problems.push(`user ${u.email} has role ${u.role}`);
  // Staff have a known role, clients none, and an active admin always remains.
  for (const u of users) {
    const valid = u.role === "employee" ? (STAFF_ROLES as readonly (string | null)[]).includes(u.staffRole) : u.staffRole === null;
    if (!valid) problems.push(`user ${u.email} has staff role ${u.staffRole}`);
  }
  if (!users.some((u) => u.role === "employee" && u.staffRole === "admin" && u.staffDisabledAt === null))
    problems.push("no active admin is left");
  // Every client belongs to a company that exists; projects and requests to a company.
  const companies = new Set((await db.selectFrom("companies").select("id").execute()).map((c) => c.id));
  for (const u of await db.selectFrom("users").select(["email", "role", "companyId"]).execute()) {
    if (u.role === "employee" && u.companyId !== null) problems.push(`staff ${u.email} is in company ${u.companyId}`);
    if (u.companyId !== null && !companies.has(u.companyId)) problems.push(`user ${u.email} in unknown company ${u.companyId}`);
  }
  for (const p of await db.selectFrom("projects").select(["id", "companyId", "createdBy", "progress"]).execute()) {
    if (!Number.isInteger(Number(p.progress)) || p.progress < 0 || p.progress > 100)
      problems.push(`project ${p.id} progress ${p.progress}`);
    if (p.companyId === null || !companies.has(p.companyId)) problems.push(`project ${p.id} of unknown company ${p.companyId}`);
    if (p.createdBy !== null && !ids.has(p.createdBy)) problems.push(`project ${p.id} created by unknown ${p.createdBy}`);
  }
  for (const c of await db.selectFrom("complaints").select(["id", "companyId", "createdBy", "status"]).execute()) {
    if (!(COMPLAINT_STATUSES as readonly string[]).includes(c.status)) problems.push(`complaint ${c.id} status ${c.status}`);
    if (c.companyId === null || !companies.has(c.companyId)) problems.push(`complaint ${c.id} of unknown company ${c.companyId}`);
    if (c.createdBy !== null && !ids.has(c.createdBy)) problems.push(`complaint ${c.id} raised by unknown ${c.createdBy}`);
  }
  for (const r of await db.selectFrom("complaintReplies").select(["id", "sender"]).execute()) {
    if (r.sender !== "user" && r.sender !== "staff") problems.push(`reply ${r.id} sender ${r.sender}`);
  }
  for (const q of await db.selectFrom("quotes").select(["id", "status"]).execute()) {
    if (!(LEAD_STATUSES as readonly string[]).includes(q.status)) problems.push(`quote ${q.id} status ${q.status}`);
  }
  for (const a of await db.selectFrom("jobApplications").select(["id", "stage", "appliedBy"]).execute()) {
    if (!(APPLICATION_STAGES as readonly string[]).includes(a.stage)) problems.push(`application ${a.id} stage ${a.stage}`);
    if (a.appliedBy !== null && !ids.has(a.appliedBy)) problems.push(`application ${a.id} applied by unknown ${a.appliedBy}`);
  }
  for (const o of await db.selectFrom("jobOpenings").select(["id", "status"]).execute()) {
    if (o.status !== "open" && o.status !== "closed") problems.push(`opening ${o.id} status ${o.status}`);
  }
  for (const t of await db.selectFrom("testimonials").select(["id", "status"]).execute()) {
    if (t.status !== "visible" && t.status !== "hidden") problems.push(`testimonial ${t.id} status ${t.status}`);
  }
  return problems;
}

/** Who owns what: must never change under any request but a deletion. */
export async function owners(server: ServerInfo): Promise<Map<string, string | null>> {
  const db = database(server);
  const map = new Map<string, string | null>();
  for (const p of await db.selectFrom("projects").select(["id", "companyId"]).execute()) map.set(`project:${p.id}`, p.companyId);
  for (const c of await db.selectFrom("complaints").select(["id", "companyId"]).execute()) map.set(`complaint:${c.id}`, c.companyId);
  for (const u of await db.selectFrom("users").select(["id", "companyId"]).execute()) map.set(`member:${u.id}`, u.companyId);
  for (const r of await db.selectFrom("complaintReplies").select(["id", "complaintId"]).execute()) map.set(`reply:${r.id}`, r.complaintId);
  for (const a of await db.selectFrom("jobApplications").select(["id", "appliedBy"]).execute()) map.set(`application:${a.id}`, a.appliedBy);
  for (const p of await db.selectFrom("profiles").select(["userId", "email"]).execute()) map.set(`profile:${p.userId}`, p.email);
  return map;
}

export function ownerChanges(before: Map<string, string | null>, after: Map<string, string | null>): string[] {
  const changes: string[] = [];
  for (const [key, owner] of before) if (after.has(key) && after.get(key) !== owner) changes.push(`${key}: ${owner} → ${after.get(key)}`);
  return changes;
}
