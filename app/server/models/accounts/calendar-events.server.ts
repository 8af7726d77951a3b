import type { CalendarDocument, CalendarEntry } from "~/lib/calendar-feed";
import { consoleInvoiceLink, portalInvoiceLink, projectLink } from "~/lib/links";
import { isStaffRole, mayUse } from "~/lib/staff-roles";
import { db } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { getBrand } from "~/server/brand/brand.server";
import { mayUseBilling } from "../billing/billing-contacts.server";
import { OPEN_STATUSES } from "../billing/invoice-views.server";
import { companyIn, companyScope, type CompanyScope } from "../shared/company-scope.server";

// What a person's calendar feed holds (decision 0106): the due dates they would see signed in.
// A member: their company's milestones and projects, and its open invoices when they may use
// Billing. Staff: the same for the companies their console sections show, and only their assigned
// ones when they are limited to those (decision 0105's scope). Nothing for a closed
// company's member, a disabled staff member, or someone gone: the address answers 404 then.

/** Due dates older than this are left out: a calendar needs what is coming, and a little history. */
const PAST_DAYS = 90;
/** Per kind, so a five-year agency's feed stays a few hundred kilobytes at most. */
const MAX_PER_KIND = 1_000;

interface Owner {
  id: string;
  role: string;
  staffRole: string | null;
  staffDisabledAt: number | null;
  companyId: string | null;
}

/** The companies whose dates `owner` sees, and whether their invoices too; null when nothing. */
async function reachOf(owner: Owner): Promise<{ side: "client" | "staff"; scope: CompanyScope; invoices: boolean } | null> {
  if (owner.role === "employee") {
    if (owner.staffDisabledAt !== null) return null;
    const role = isStaffRole(owner.staffRole) ? owner.staffRole : null;
    const projects = mayUse(role, "clients");
    const invoices = mayUse(role, "billing");
    return projects || invoices ? { side: "staff", scope: await companyScope(owner), invoices } : null;
  }
  if (owner.role !== "client" || !owner.companyId) return null;
  const company = await db().selectFrom("companies").select("closedAt").where("id", "=", owner.companyId).executeTakeFirst();
  if (!company || company.closedAt !== null) return null;
  const invoices = await mayUseBilling({ userId: owner.id, companyId: owner.companyId });
  return { side: "client", scope: { companyIds: [owner.companyId] }, invoices };
}

/** The feed of the user `userId`, or null when they may see nothing (the address answers 404). */
export async function calendarFor(userId: string, now = Date.now()): Promise<CalendarDocument | null> {
  const owner = await db()
    .selectFrom("users")
    .select(["id", "role", "staffRole", "staffDisabledAt", "companyId"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!owner) return null;
  const reach = await reachOf({ ...owner, staffDisabledAt: owner.staffDisabledAt === null ? null : Number(owner.staffDisabledAt) });
  if (!reach) return null;
  const since = new Date(now - PAST_DAYS * 86_400_000).toISOString().slice(0, 10);
  const staff = reach.side === "staff";
  const showsProjects = !staff || mayUse(isStaffRole(owner.staffRole) ? owner.staffRole : null, "clients");

  const projectRows = showsProjects
    ? db()
        .selectFrom("projects as p")
        .innerJoin("companies as c", "c.id", "p.companyId")
        .select(["p.id", "p.title", "p.dueDate", "c.name as companyName"])
        .where("p.archivedAt", "is", null)
        .where("c.closedAt", "is", null)
        .where("p.dueDate", "is not", null)
        .where("p.dueDate", ">=", since)
        .where((eb) => companyIn(eb, "p.companyId", reach.scope))
        .orderBy("p.dueDate")
        .orderBy("p.id")
        .limit(MAX_PER_KIND)
        .execute()
    : Promise.resolve([]);
  const milestoneRows = showsProjects
    ? db()
        .selectFrom("milestones as m")
        .innerJoin("projects as p", "p.id", "m.projectId")
        .innerJoin("companies as c", "c.id", "p.companyId")
        .select(["m.id", "m.title", "m.dueDate", "m.status", "p.id as projectId", "p.title as projectTitle", "c.name as companyName"])
        .where("p.archivedAt", "is", null)
        .where("c.closedAt", "is", null)
        .where("m.dueDate", "is not", null)
        .where("m.dueDate", ">=", since)
        .where((eb) => companyIn(eb, "p.companyId", reach.scope))
        .orderBy("m.dueDate")
        .orderBy("m.id")
        .limit(MAX_PER_KIND)
        .execute()
    : Promise.resolve([]);
  const invoiceRows = reach.invoices
    ? db()
        .selectFrom("invoices as i")
        .innerJoin("companies as c", "c.id", "i.companyId")
        .select(["i.id", "i.number", "i.dueDate", "c.name as companyName"])
        .where("i.kind", "=", "invoice")
        .where("i.status", "in", [...OPEN_STATUSES])
        .where("i.dueDate", "is not", null)
        .where("i.dueDate", ">=", since)
        .where((eb) => companyIn(eb, "i.companyId", reach.scope))
        .orderBy("i.dueDate")
        .orderBy("i.id")
        .limit(MAX_PER_KIND)
        .execute()
    : Promise.resolve([]);
  const [projects, milestones, invoices] = await Promise.all([projectRows, milestoneRows, invoiceRows]);

  const side = reach.side;
  const host = new URL(absoluteUrl("/")).host;
  const who = (companyName: string) => (staff ? ` (${companyName})` : "");
  const entries: CalendarEntry[] = [
    ...milestones.map((m) => ({
      uid: `milestone-${m.id}@${host}`,
      date: m.dueDate!,
      summary: `${m.status === "done" ? "Done: " : ""}${m.title} · ${m.projectTitle}${who(m.companyName)}`,
      description: `Milestone of ${m.projectTitle}${who(m.companyName)}.`,
      url: absoluteUrl(projectLink(side, m.projectId)),
    })),
    ...projects.map((p) => ({
      uid: `project-${p.id}@${host}`,
      date: p.dueDate!,
      summary: `Project due: ${p.title}${who(p.companyName)}`,
      description: `The due date of ${p.title}${who(p.companyName)}.`,
      url: absoluteUrl(projectLink(side, p.id)),
    })),
    ...invoices.map((i) => ({
      uid: `invoice-${i.id}@${host}`,
      date: i.dueDate!,
      summary: `Invoice ${i.number ?? ""} due${who(i.companyName)}`.replace("  ", " "),
      description: `Payment of invoice ${i.number ?? ""} is due${who(i.companyName)}.`.replace("  ", " "),
      url: absoluteUrl(staff ? consoleInvoiceLink(i.id) : portalInvoiceLink(i.id)),
    })),
  ];
  return { name: `${(await getBrand()).name}: ${staff ? "due dates" : "your due dates"}`, entries };
}
