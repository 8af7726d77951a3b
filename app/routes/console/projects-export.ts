import type { Route } from "./+types/projects-export";
import { isOverdue, projectFilterFrom, projectStatusLabel } from "~/lib/schemas/projects-staff";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyToday } from "~/server/brand/locale.server";
import { csvFilename, csvResponse } from "~/server/http/csv.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";
import { eachProject } from "~/server/models/projects/projects-staff-reads.server";

const HEADER = ["Project", "Company", "Status", "Progress (%)", "Start date", "Due date", "Overdue", "Owner", "Archived", "Created (UTC)"];

/** CSV of the projects matching the list's current filter (same query string), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const filter = projectFilterFrom(new URL(request.url).searchParams);
  const today = await agencyToday();
  const scope = await companyScope(user);
  // Every export out of the console is on the audit log, with the filter it used.
  await recordStaffRead(user, { action: "projects.export", entity: "export", entityId: "projects", detail: { ...filter } });
  return csvResponse(await csvFilename("projects"), HEADER, rows());

  async function* rows() {
    for await (const p of eachProject(filter, today, scope)) {
      yield [
        p.title,
        p.companyName ?? "",
        projectStatusLabel(p.status),
        p.progress,
        p.startDate ?? "",
        p.dueDate ?? "",
        isOverdue(p, today) ? "yes" : "no",
        p.ownerId ? p.ownerName?.trim() || p.ownerEmail || "" : "",
        p.archivedAt === null ? "no" : new Date(p.archivedAt).toISOString(),
        new Date(p.createdAt).toISOString(),
      ];
    }
  }
}
