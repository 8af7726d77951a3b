import type { Route } from "./+types/proposal";
import { PanelError } from "~/components/portal/panel";
import { ProposalView } from "~/components/proposals/proposal-view";
import { portalMeta } from "~/lib/portal";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireClient, type ClientUser } from "~/server/auth/session.server";
import type { ProposalAccess } from "~/server/models/proposals/proposal-client.server";
import { proposalPortalPath } from "~/server/models/proposals/proposal-send.server";
import { PROPOSAL_PAGE_HEADERS, proposalPage, proposalPageAction } from "~/routes/+shared/proposal-page.server";

// A proposal to the member's company (decision 0093): any member may read, sign or decline it;
// another company's, or a draft, is a 404.

export function headers() {
  return PROPOSAL_PAGE_HEADERS;
}

export function meta({ data, matches }: Route.MetaArgs) {
  return portalMeta(data?.proposal.content.title ?? "Proposal", matches);
}

const memberAccess = (user: ClientUser): ProposalAccess => ({
  kind: "member",
  userId: user.id,
  name: user.name,
  companyId: user.companyId,
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return proposalPage(memberAccess(user), params.id, request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireClient(request);
  return proposalPageAction(memberAccess(user), params.id, request, context.clientIp, proposalPortalPath(params.id));
}

export default function PortalProposal({ loaderData, actionData }: Route.ComponentProps) {
  // A teammate's signature, a new version or the agency's countersignature shows without a reload.
  useLiveRevalidation("/events/portal", ["proposals"]);
  return <ProposalView data={loaderData} outcome={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
