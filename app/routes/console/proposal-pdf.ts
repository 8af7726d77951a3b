import type { Route } from "./+types/proposal-pdf";
import { requireStaff } from "~/server/auth/session.server";
import { signedProposalPdfResponse } from "~/routes/+shared/signed-proposal-pdf.server";

// A signed proposal with its certificate page, for staff with Leads; not signed yet is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "leads");
  return signedProposalPdfResponse(params.id);
}
