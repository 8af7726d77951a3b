import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import type { Route } from "./+types/project-delete";
import { withFlash } from "~/lib/flash";
import { isRefusal } from "~/lib/refusal";
import { deleteProjectSchema } from "~/lib/schemas/projects-staff";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { deleteStaffProject } from "~/server/models/projects/projects-staff-delete.server";
import { requireVisibleProject } from "./project-access.server";

// Decision 0043: "Delete project", confirmed on the project page (?confirm=delete), posts here.
// Admin only: archive is the everyday way out and can be undone; this cannot.

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  throw new Response("Use the project page.", { status: 405, statusText: "Method Not Allowed" });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  if (user.staffRole !== "admin")
    throw new Response("Only an admin can delete a project. Archive it instead.", { status: 403, statusText: "Admin only" });
  // The body first: an oversized post is refused (413) before anything is looked up.
  const formData = await readForm(request);
  await requireVisibleProject(user, params.id);
  requireIntent(formData, ["delete"]);
  const submission = parseWithZod(formData, { schema: deleteProjectSchema });
  if (submission.status !== "success") throw new Response("Unknown company.", { status: 400, statusText: "Bad request" });
  const back = href("/employee-dashboard/projects/:id", { id: params.id });
  try {
    await deleteStaffProject(user, { id: params.id, companyId: submission.value.companyId });
  } catch (error) {
    // Unknown, already deleted (a double submit), or not the named company's: nothing was deleted.
    if (isRefusal(error)) throw refusalResponse(error, "Project not found");
    logger.error({ err: error }, "project delete failed");
    throw redirect(withFlash(back, "project-delete-failed"), 303);
  }
  throw redirect(withFlash(href("/employee-dashboard/projects"), "project-deleted"), 303);
}
