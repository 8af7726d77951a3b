import { requireClient, requireStaff, requireUser } from "~/server/auth/session.server";
import type { FilesActor } from "~/server/models/projects/project-files.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

/**
 * The guard of the file routes both sides use: a guest goes to sign in; a client acts for
 * their company; staff need the "clients" area (projects), anyone else on staff gets 403.
 */
export async function requireFilesActor(request: Request): Promise<FilesActor> {
  const user = await requireUser(request);
  if (user.role === "client") {
    const client = await requireClient(request);
    return { user: client, side: "client", companyId: client.companyId };
  }
  const staff = await requireStaff(request, "clients");
  // Another company's file is "not found" to a member limited to their assigned companies (decision 0105).
  return { user: staff, side: "staff", scope: await companyScope(staff) };
}
