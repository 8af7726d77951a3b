import type { Route } from "./+types/view";
import { ProposalView } from "~/components/proposals/proposal-view";
import { privateMeta } from "~/lib/seo";
import { proposalViewPath } from "~/server/http/proposal-grant-cookie.server";
import { PROPOSAL_PAGE_HEADERS, proposalPage, proposalPageAction } from "~/routes/+shared/proposal-page.server";
import { requireProposalGrant } from "~/routes/+shared/signed-proposal-pdf.server";

// A lead's proposal, opened through a mailed link (decision 0093): the signed cookie the link set
// names the link, whose grant reads this one proposal only. No grant (another proposal's, a forged
// or expired cookie, a withdrawn link) answers 404, as for a proposal that does not exist.

export function headers() {
  return PROPOSAL_PAGE_HEADERS;
}

export function meta({ data, matches }: Route.MetaArgs) {
  return privateMeta(data?.proposal.content.title ?? "Proposal", matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const access = await requireProposalGrant(request, params.id);
  return proposalPage(access, params.id, request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const access = await requireProposalGrant(request, params.id);
  return proposalPageAction(access, params.id, request, context.clientIp, proposalViewPath(params.id));
}

export default function LinkProposal({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <ProposalView data={loaderData} outcome={actionData} />
    </div>
  );
}
