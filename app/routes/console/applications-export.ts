import type { Route } from "./+types/applications-export";
import { applicationFilterFrom, applicationStageLabel } from "~/lib/schemas/applications-staff";
import { eachApplicant } from "~/server/models/pipeline/applications-staff.server";
import { csvFilename, csvResponse } from "~/server/http/csv.server";
import { requireStaff } from "~/server/auth/session.server";
import { recordStaffRead } from "~/server/models/shared/audit.server";

const HEADER = ["Received (UTC)", "Name", "Email", "Opening", "Stage", "Message", "Resume file", "Applied as"];

/** CSV of the applications matching the list's current filter (same ?opening= and ?stage=), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "applications");
  const filter = applicationFilterFrom(new URL(request.url).searchParams);
  // Every export of personal data is on the audit log, with the filter it used.
  await recordStaffRead(user, { action: "applications.export", entity: "export", entityId: "applications", detail: { ...filter } });
  return csvResponse(await csvFilename("applications"), HEADER, rows());

  async function* rows() {
    for await (const a of eachApplicant(filter)) {
      yield [
        new Date(a.submittedAt).toISOString(),
        a.name,
        a.email,
        a.openingTitle,
        applicationStageLabel(a.stage),
        a.message,
        a.hasResume ? a.resumeName : "",
        a.appliedBy ? "Client" : "Guest",
      ];
    }
  }
}
