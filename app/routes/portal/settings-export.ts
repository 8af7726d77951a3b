import type { Route } from "./+types/settings-export";
import { requireClient } from "~/server/auth/session.server";
import { dataExportResponse } from "~/server/privacy/data-export-respond.server";

/**
 * "Download my data" on the portal's Settings. A ZIP of the member's own account,
 * profile and notifications and their company's projects, requests and files, streamed as it is
 * made (decision 0050). Audited once per download.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return dataExportResponse(request, user, { userId: user.id, companyId: user.companyId }, "self");
}
