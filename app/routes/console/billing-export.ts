import type { Route } from "./+types/billing-export";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { csvFilename, csvResponse } from "~/server/http/csv.server";
import { BILLING_EXPORT_HEADER, eachBillingRow } from "~/server/models/billing/invoice-reports.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";

/** The accountant's CSV: every issued invoice and credit note, then every payment. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  // Every export out of the console is on the audit log.
  await recordStaffRead(user, { action: "billing.export", entity: "export", entityId: "billing", detail: {} });
  return csvResponse(await csvFilename("billing"), BILLING_EXPORT_HEADER, eachBillingRow(await companyScope(user)));
}
