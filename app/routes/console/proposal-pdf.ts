import type { Route } from "./+types/proposal-pdf";
import { requireStaff } from "~/server/auth/session.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { requireProposal } from "~/server/models/proposals/proposals-read.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { signedProposalPdfResponse } from "~/routes/+shared/signed-proposal-pdf.server";

// A signed proposal with its certificate page, for staff with Leads; not signed yet is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  // Another company's proposal is "not found" to a limited member (decision 0105).
  await requireProposal(params.id, await companyScope(user)).catch((error: unknown) => {
    throw refusalResponse(error, "Not found");
  });
  return signedProposalPdfResponse(params.id);
}
