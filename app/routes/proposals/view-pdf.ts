import type { Route } from "./+types/view-pdf";
import { clientProposal } from "~/server/models/proposals/proposal-client.server";
import { requireProposalGrant, signedProposalPdfResponse } from "~/routes/+shared/signed-proposal-pdf.server";
import { refusalResponse } from "~/server/http/refusal.server";

// The signed PDF for a lead who signed through a link: the same grant as the page, nothing more.

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireProposalGrant(request, params.id);
  await clientProposal(access, params.id).catch((error: unknown) => {
    throw refusalResponse(error, "Not found");
  });
  return signedProposalPdfResponse(params.id);
}
