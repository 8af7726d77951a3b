import type { Actor } from "~/server/auth/actor.server";
import { projectNotFound } from "~/server/http/workspace-tab.server";
import { getProjectForStaff } from "~/server/models/projects/projects-staff-reads.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

// Decision 0105: every form of a console project's tabs first reads the project through the
// viewer's company scope, so a project of a company they may not see answers the same 404 as an
// unknown id and no form of it runs.

export async function requireVisibleProject(user: Actor, id: string) {
  const project = await getProjectForStaff({ id, scope: await companyScope(user) });
  if (!project) throw projectNotFound();
  return project;
}
