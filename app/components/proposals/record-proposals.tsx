import { href, Link } from "react-router";
import type { ProposalStatus } from "~/lib/proposals";
import { ProposalStatusBadge } from "./proposal-status";

/** A lead's or a client company's console page: its proposals, and the way to write one. */
export function RecordProposals({
  target,
  proposals,
}: {
  target: { leadId: string } | { companyId: string };
  proposals: { id: string; title: string; status: ProposalStatus }[];
}) {
  const query = "leadId" in target ? `?lead=${encodeURIComponent(target.leadId)}` : `?company=${encodeURIComponent(target.companyId)}`;
  return (
    <section aria-labelledby="record-proposals" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="record-proposals" className="text-lg font-semibold text-slate-900 dark:text-white">
          Proposals
        </h3>
        <Link to={`${href("/employee-dashboard/proposals/new")}${query}`} className="btn-secondary px-3 py-1.5">
          Write a proposal
        </Link>
      </div>
      {proposals.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {"leadId" in target ? "No proposals for this lead yet." : "No proposals for this client yet."}
        </p>
      ) : (
        <ul className="space-y-2 text-sm">
          {proposals.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3">
              <Link
                to={href("/employee-dashboard/proposals/:id", { id: p.id })}
                className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {p.title}
              </Link>
              <ProposalStatusBadge status={p.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
