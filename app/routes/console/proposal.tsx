import { data, href, Link } from "react-router";
import type { Route } from "./+types/proposal";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ProposalActions } from "~/components/proposals/proposal-actions";
import { ProposalForm } from "~/components/proposals/proposal-form";
import { proposalFormValue } from "~/components/proposals/proposal-form-value";
import { ProposalRecord } from "~/components/proposals/proposal-record";
import { ProposalStatusBadge } from "~/components/proposals/proposal-status";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { formatMinorUnits } from "~/lib/money-format";
import { isRefusal } from "~/lib/refusal";
import { privateMeta } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { usePlace } from "~/lib/use-place";
import { mayUse } from "~/lib/staff-roles";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyToday } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { getStaffProposal } from "~/server/models/proposals/proposals-read.server";
import { PROPOSAL_INTENTS, proposalAction } from "./proposal.server";

// One proposal in the console: while it can change, the working copy's editor with the totals as
// saved, send (a new version once sent), save as template and withdraw links; then what happened
// to what was sent (versions, views, the signature or the decline), live.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const today = await agencyToday();
  const proposal = await getStaffProposal({ id: params.id, today, scope: await companyScope(user) }).catch((error: unknown) => {
    if (isRefusal(error)) throw data(error.message, { status: 404, statusText: "Proposal not found" });
    throw error;
  });
  const { draftTotals, ...rest } = proposal;
  const totals = draftTotals ? { subtotal: draftTotals.subtotal, taxTotal: draftTotals.taxTotal, total: draftTotals.total } : null;
  // Sales may see that a deposit invoice exists, but only staff with Billing may open it.
  return { proposal: rest, totals, billing: mayUse(user.staffRole, "billing") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request, "leads");
  const formData = await readForm(request);
  const intent = requireIntent(formData, PROPOSAL_INTENTS);
  try {
    return await proposalAction(user, params.id, intent, formData, {
      ip: context.clientIp,
      userAgent: request.headers.get("user-agent") ?? "",
    });
  } catch (error) {
    throw refusalResponse(error);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return privateMeta(`${loaderData?.proposal.draft.title ?? "Proposal"} | Proposals`, matches);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["proposals"]);
  const { proposal, totals, billing } = loaderData;
  const { locale } = usePlace();
  const outcomeOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const final = proposal.status === "accepted" || proposal.status === "declined";
  const saved = outcomeOf("save");
  const money = (minor: number) => formatMinorUnits(minor, proposal.draft.currency, locale);
  const client = proposal.leadId ? (
    <Link to={href("/employee-dashboard/leads/:id", { id: proposal.leadId })} className="text-brand-700 underline dark:text-brand-300">
      {proposal.leadName ?? proposal.clientName}
    </Link>
  ) : proposal.companyId ? (
    <Link to={href("/employee-dashboard/clients/:id", { id: proposal.companyId })} className="text-brand-700 underline dark:text-brand-300">
      {proposal.companyName ?? proposal.clientName}
    </Link>
  ) : (
    proposal.clientName
  );
  return (
    <ConsoleEditPage
      headingId="proposal-heading"
      backTo={href("/employee-dashboard/proposals")}
      backLabel="← All proposals"
      title={proposal.draft.title}
      badges={<ProposalStatusBadge status={proposal.status} />}
      summary={
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          For {client}
          {proposal.ownerName ? `, written by ${proposal.ownerName}` : ""}
        </p>
      }
    >
      <div className="space-y-10">
        {final ? null : (
          <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,1fr)]">
            <div>
              {proposal.versions.length > 0 ? (
                <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
                  You are editing the working copy: the client sees version {proposal.versions[0]!.number} until you send a new one.
                </p>
              ) : null}
              <ProposalForm
                key={proposal.version}
                formId={`proposal-${proposal.id}`}
                defaultValue={proposalFormValue(proposal)}
                lastResult={saved?.result}
                outcome={saved}
              />
            </div>
            <aside aria-labelledby="proposal-totals" className="space-y-6">
              <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <h3 id="proposal-totals" className="font-semibold text-slate-900 dark:text-white">
                  Totals as saved
                </h3>
                <p className="text-xs text-slate-600 dark:text-slate-400">With the optional items ticked at first.</p>
                {totals ? (
                  <dl className="mt-2 grid grid-cols-2 gap-y-1 text-sm text-slate-800 tabular-nums dark:text-slate-200">
                    <dt>Subtotal</dt>
                    <dd className="text-right">{money(totals.subtotal)}</dd>
                    <dt>Tax</dt>
                    <dd className="text-right">{money(totals.taxTotal)}</dd>
                    <dt className="font-semibold">Total</dt>
                    <dd className="text-right font-semibold" data-testid="proposal-total">
                      {money(totals.total)}
                    </dd>
                  </dl>
                ) : (
                  <p className="mt-2 text-sm">The amounts are too large to add up.</p>
                )}
              </section>
              <ProposalActions
                version={proposal.version}
                sent={proposal.versions.length > 0}
                hasLinks={proposal.links.some((l) => l.state === "open" || l.state === "opened")}
                outcomeOf={outcomeOf}
              />
            </aside>
          </div>
        )}
        <ProposalRecord proposal={proposal} billing={billing} countersignOutcome={outcomeOf("countersign")} />
      </div>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/proposals")} backLabel="Back to Proposals" />;
}
