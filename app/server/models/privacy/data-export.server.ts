import type { Actor } from "~/server/auth/actor.server";
import { db } from "~/server/db/db.server";
import { EntryNames } from "~/server/models/privacy/data-export-entry-names.server";
import { recordAudit } from "../shared/audit.server";
import { exportProjects, type ExportFile } from "./data-export-projects.server";
import { exportInvoices } from "./data-export-invoices.server";
import { exportProposals } from "./data-export-proposals.server";
import { exportNotifications, exportSupport } from "./data-export-support.server";

// Decision 0050: everything "Download my data" holds about one member of one
// company, read with queries scoped by that company (and the person, for what is theirs alone).

export type { ExportFile } from "./data-export-projects.server";

/** Whose data: a client member and the company they belong to. */
export interface ExportSubject {
  userId: string;
  companyId: string;
}

export interface PersonExport {
  person: { id: string; name: string; email: string };
  company: { id: string; name: string };
  /** File name in the archive → its JSON value. */
  documents: Record<string, unknown>;
  files: ExportFile[];
}

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** For staff (a subject access request): the member `userId` of company `companyId`, or undefined. */
export async function findExportSubject({ companyId, userId }: ExportSubject): Promise<ExportSubject | undefined> {
  const row = await db()
    .selectFrom("users")
    .select(["id"])
    .where("id", "=", userId)
    .where("companyId", "=", companyId)
    .where("role", "=", "client")
    .executeTakeFirst();
  return row ? { userId: row.id, companyId } : undefined;
}

/** Reads the export of `subject`; undefined when the person is not (or no longer) in that company. */
export async function collectPersonExport(subject: ExportSubject): Promise<PersonExport | undefined> {
  const [user, profile, company, preferences, digest] = await Promise.all([
    db()
      .selectFrom("users")
      .select(["id", "name", "email", "emailVerified", "twoFactorEnabled", "clientAdmin", "createdAt", "lastSignInAt"])
      .where("id", "=", subject.userId)
      .where("companyId", "=", subject.companyId)
      .executeTakeFirst(),
    db()
      .selectFrom("profiles")
      .select(["fullName", "phone", "company", "country", "email", "updatedAt"])
      .where("userId", "=", subject.userId)
      .executeTakeFirst(),
    db()
      .selectFrom("companies")
      .select(["id", "name", "website", "country", "createdAt"])
      .where("id", "=", subject.companyId)
      .executeTakeFirst(),
    db()
      .selectFrom("notificationPreferences")
      .select(["type", "choice", "updatedAt"])
      .where("userId", "=", subject.userId)
      .orderBy("type")
      .execute(),
    db().selectFrom("digestSchedules").select(["hour", "timeZone"]).where("userId", "=", subject.userId).executeTakeFirst(),
  ]);
  if (!user || !company) return undefined;
  const names = new EntryNames();
  const [projects, support, notifications, billing, proposals] = await Promise.all([
    exportProjects(subject.companyId, names),
    exportSupport(subject.companyId, subject.userId, names),
    exportNotifications(subject.userId),
    exportInvoices(subject.companyId),
    exportProposals(subject.companyId),
  ]);
  const account = {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: Boolean(user.emailVerified),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    clientAdmin: Boolean(user.clientAdmin),
    createdAt: new Date(user.createdAt).toISOString(),
    lastSignInAt: iso(user.lastSignInAt),
  };
  return {
    person: { id: user.id, name: user.name, email: user.email },
    company: { id: company.id, name: company.name },
    documents: {
      "profile.json": {
        account,
        profile: profile ? { ...profile, updatedAt: iso(profile.updatedAt) } : null,
        company: { ...company, createdAt: iso(company.createdAt) },
        emailPreferences: { choices: preferences.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) })), digest: digest ?? null },
      },
      "projects.json": projects.projects,
      "milestones.json": projects.milestones,
      "approvals.json": projects.approvals,
      "files.json": projects.files,
      "support-requests.json": support.requests,
      "notifications.json": notifications,
      "invoices.json": billing.invoices,
      "proposals.json": proposals.proposals,
    },
    files: [...projects.stored, ...support.stored, ...billing.stored, ...proposals.stored],
  };
}

/** One audit row per export: who took it, whose data, and how much. */
export async function recordDataExport(actor: Actor, exported: PersonExport, by: "self" | "staff"): Promise<void> {
  const bytes = exported.files.reduce((sum, f) => sum + f.size, 0);
  await recordAudit(db(), actor, {
    action: "data.export",
    entity: "user",
    entityId: exported.person.id,
    detail: { by, email: exported.person.email, companyId: exported.company.id, files: exported.files.length, bytes },
  });
}
