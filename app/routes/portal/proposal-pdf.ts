import type { Route } from "./+types/proposal-pdf";
import { requireClient } from "~/server/auth/session.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { clientProposal } from "~/server/models/proposals/proposal-client.server";
import { signedProposalPdfResponse } from "~/routes/+shared/signed-proposal-pdf.server";

// A signed proposal of the member's company, as a download; another company's is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireClient(request);
  await clientProposal({ kind: "member", userId: user.id, name: user.name, companyId: user.companyId }, params.id).catch(
    (error: unknown) => {
      throw refusalResponse(error, "Not found");
    },
  );
  return signedProposalPdfResponse(params.id);
}
