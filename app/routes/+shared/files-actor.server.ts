import { requireClient, requireStaff, requireUser } from "~/server/auth/session.server";
import type { FilesActor } from "~/server/models/projects/project-files.server";

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
  return { user: await requireStaff(request, "clients"), side: "staff" };
}
