import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/link";
import { ActionMessage } from "~/components/forms/action-message";
import { isRefusal } from "~/lib/refusal";
import { privateMeta } from "~/lib/seo";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { grantCookie, proposalViewPath } from "~/server/http/proposal-grant-cookie.server";
import { PROPOSAL_PAGE_HEADERS } from "~/routes/+shared/proposal-page.server";
import { logger } from "~/server/logger.server";
import { openProposalLink } from "~/server/models/proposals/proposal-links.server";
import { RELINK_ANSWER, relinkByToken } from "~/server/models/proposals/proposal-relink.server";

// The proposal mail's link (decision 0093). Opening it spends the token and moves the grant into a
// signed cookie, then sends the browser on to a page whose address carries no token (303). A
// spent, expired or withdrawn link says why and offers a new one, mailed only to the proposal's
// own address; an unknown token is a 404. Nothing here is stored by caches, indexed, or sent on
// as a Referer.

export function headers() {
  return PROPOSAL_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Proposal", matches);
}

export async function loader({ params }: Route.LoaderArgs) {
  try {
    const grant = await openProposalLink(params.token);
    return redirect(proposalViewPath(grant.proposalId), {
      status: 303,
      headers: { ...PROPOSAL_PAGE_HEADERS, "Referrer-Policy": "no-referrer", "Set-Cookie": grantCookie(grant) },
    });
  } catch (error) {
    if (isRefusal(error, "gone")) return data({ message: error.message }, { status: 410 });
    if (isRefusal(error)) throw new Response("Not found", { status: 404, statusText: "Not found" });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["relink"]);
  // Whatever happened, the same answer: it must not tell whether the proposal is open.
  await relinkByToken(params.token).catch((error: unknown) => logger.error({ err: error }, "mailing a new proposal link failed"));
  return formResult({ intent, status: "success", message: RELINK_ANSWER });
}

export default function ProposalLink({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <h1 className="section-title">This link cannot open the proposal</h1>
      <p className="mt-4 max-w-2xl text-slate-700 dark:text-slate-300" data-testid="link-refusal">
        {loaderData.message}
      </p>
      <Form method="post" className="mt-6 max-w-2xl space-y-3">
        <input type="hidden" name="intent" value="relink" />
        <ActionMessage outcome={actionData} />
        <button type="submit" className="btn-primary">
          Mail me a new link
        </button>
      </Form>
    </div>
  );
}
