import type { Route } from "./+types/leads-export";
import { leadFilterFrom, leadStatusLabel } from "~/lib/schemas/quotes-staff";
import { csvFilename, csvResponse } from "~/server/http/csv.server";
import { eachLead } from "~/server/models/pipeline/quotes-staff.server";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";

const HEADER = ["Received (UTC)", "Name", "Email", "Phone", "Country", "Requirement", "Status"];

/** CSV of the leads matching the list's current filter (same ?q= and ?status=), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const filter = leadFilterFrom(new URL(request.url).searchParams);
  // Every export of personal data is on the audit log, with the filter it used.
  await recordStaffRead(user, { action: "leads.export", entity: "export", entityId: "leads", detail: { ...filter } });
  const scope = await companyScope(user);
  return csvResponse(await csvFilename("leads"), HEADER, rows());

  async function* rows() {
    for await (const lead of eachLead(filter, scope)) {
      yield [
        new Date(lead.submittedAt).toISOString(),
        lead.name,
        lead.email,
        lead.phone,
        lead.country,
        lead.requirement,
        leadStatusLabel(lead.status),
      ];
    }
  }
}
