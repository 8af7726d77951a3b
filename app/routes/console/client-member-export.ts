import type { Route } from "./+types/client-member-export";
import { requireStaff } from "~/server/auth/session.server";
import { dataExportResponse, NO_SUCH_MEMBER } from "~/server/privacy/data-export-respond.server";
import { findExportSubject } from "~/server/models/privacy/data-export.server";

/**
 * A subject access request. An admin downloads, for one member of a company, the
 * same ZIP the member gets from "Download my data" (decision 0050); audited as taken by the admin.
 * Other roles of the clients area get 403: the archive holds the person's every file and message.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  if (user.staffRole !== "admin")
    throw new Response("Only an admin can download a person's data.", { status: 403, statusText: "Admin only" });
  const subject = await findExportSubject({ companyId: params.id, userId: params.userId });
  if (!subject) throw new Response(NO_SUCH_MEMBER, { status: 404, statusText: "Not found" });
  return dataExportResponse(request, user, subject, "staff");
}
