import type { Route } from "./+types/applications-export";
import { applicationFilterFrom, applicationStageLabel } from "~/lib/schemas/applications-staff";
import { eachApplicant } from "~/server/models/applications-staff.server";
import { csvFilename, csvResponse } from "~/server/http/csv.server";
import { requireStaff } from "~/server/auth/session.server";

const HEADER = ["Received (UTC)", "Name", "Email", "Opening", "Stage", "Message", "Resume file", "Applied as"];

/** CSV of the applications matching the list's current filter (same ?opening= and ?stage=), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const filter = applicationFilterFrom(new URL(request.url).searchParams);
  return csvResponse(csvFilename("applications"), HEADER, rows());

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
