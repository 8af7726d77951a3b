import { href, Link } from "react-router";
import { Time } from "~/components/time";
import { formatMinorUnits } from "~/lib/money-format";
import { usePlace } from "~/lib/use-place";
import type { FormResult } from "~/lib/form-result";
import { signedProposalPdfLink } from "~/lib/links";
import type { ProposalStatus } from "~/lib/proposals";
import { CountersignForm } from "./countersign-form";
import { ActionMessage } from "~/components/forms/action-message";

const heading = "text-lg font-semibold text-slate-900 dark:text-white";
const term = "font-medium text-slate-600 dark:text-slate-400";

/** What the console reads of a proposal's history (models/proposals/proposals-read.server.ts). */
export interface ProposalHistory {
  id: string;
  status: ProposalStatus;
  /** The agency countersigns after the client. */
  countersign: boolean;
  declineReason: string | null;
  declinedAt: number | null;
  projectId: string | null;
  invoiceId: string | null;
  versions: { number: number; sentAt: number; sentByName: string | null }[];
  views: { viewer: string; name: string; versionNumber: number; viewedAt: number }[];
  signatures: {
    id: string;
    role: string;
    versionNumber: number;
    signerName: string;
    signerEmail: string;
    ip: string;
    documentSha256: string;
    total: number;
    currency: string;
    signedAt: number;
  }[];
  links: { id: string; email: string; createdAt: number; state: "open" | "opened" | "expired" | "withdrawn" }[];
}

/** What happened to what was sent: versions, who viewed them, the signature or the decline, the links. */
export function ProposalRecord({
  proposal,
  billing,
  countersignOutcome,
}: {
  proposal: ProposalHistory;
  billing: boolean;
  countersignOutcome?: FormResult;
}) {
  const { locale } = usePlace();
  const { versions, views, signatures, links } = proposal;
  if (versions.length === 0) return null;
  const awaitingCountersign = proposal.status === "accepted" && proposal.countersign && !signatures.some((s) => s.role === "staff");
  return (
    <div className="space-y-8">
      {proposal.status === "declined" ? (
        <section aria-labelledby="proposal-declined" className="space-y-2">
          <h3 id="proposal-declined" className={heading}>
            Declined
          </h3>
          <p className="text-sm">
            {proposal.declinedAt ? <Time at={proposal.declinedAt} withTime /> : null}
            {": "}
            {proposal.declineReason || "No reason given."}
          </p>
        </section>
      ) : null}
      {signatures.length > 0 ? (
        <section aria-labelledby="proposal-signature" className="space-y-3">
          <h3 id="proposal-signature" className={heading}>
            {signatures.length > 1 ? "Signatures" : "Signature"}
          </h3>
          {awaitingCountersign ? (
            <CountersignForm outcome={countersignOutcome} />
          ) : (
            // The form is gone once countersigned: its answer shows here.
            <ActionMessage outcome={countersignOutcome} />
          )}
          {signatures.map((s) => (
            <dl key={s.id} className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="proposal-signature">
              <dt className={term}>Signed by</dt>
              <dd>
                {s.signerName} ({s.signerEmail}){s.role === "staff" ? ", for the agency" : ""}
              </dd>
              <dt className={term}>When</dt>
              <dd>
                <Time at={s.signedAt} withTime />
              </dd>
              <dt className={term}>IP address</dt>
              <dd>{s.ip}</dd>
              <dt className={term}>Version</dt>
              <dd>{s.versionNumber}</dd>
              <dt className={term}>Total</dt>
              <dd className="tabular-nums">{formatMinorUnits(s.total, s.currency, locale)}</dd>
              <dt className={term}>Document SHA-256</dt>
              <dd className="font-mono text-xs break-all">{s.documentSha256}</dd>
            </dl>
          ))}
          <p className="flex flex-wrap gap-3">
            <a href={signedProposalPdfLink("staff", proposal.id)} className="btn-secondary" download>
              {awaitingCountersign ? "Download the PDF signed by the client" : "Download the signed PDF"}
            </a>
            {proposal.projectId ? (
              <Link to={href("/employee-dashboard/projects/:id", { id: proposal.projectId })} className="btn-secondary">
                Open the project
              </Link>
            ) : null}
            {proposal.invoiceId && billing ? (
              <Link to={href("/employee-dashboard/billing/:id", { id: proposal.invoiceId })} className="btn-secondary">
                Open the deposit invoice
              </Link>
            ) : proposal.invoiceId ? (
              <span className="text-sm text-slate-700 dark:text-slate-300">A deposit invoice was issued (in Billing).</span>
            ) : null}
          </p>
        </section>
      ) : null}
      <section aria-labelledby="proposal-versions" className="space-y-2">
        <h3 id="proposal-versions" className={heading}>
          Versions sent
        </h3>
        <ul className="space-y-1 text-sm">
          {versions.map((v) => (
            <li key={v.number}>
              Version {v.number}: <Time at={v.sentAt} withTime />
              {v.sentByName ? ` by ${v.sentByName}` : ""}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="proposal-views" className="space-y-2">
        <h3 id="proposal-views" className={heading}>
          Viewed
        </h3>
        {views.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Not opened yet.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="proposal-views">
            {views.map((v) => (
              <li key={v.viewer}>
                {v.name} (version {v.versionNumber}): <Time at={v.viewedAt} withTime />
              </li>
            ))}
          </ul>
        )}
      </section>
      {links.length > 0 ? (
        <section aria-labelledby="proposal-links" className="space-y-2">
          <h3 id="proposal-links" className={heading}>
            Links mailed
          </h3>
          <ul className="space-y-1 text-sm">
            {links.map((l) => (
              <li key={l.id}>
                {l.email}, <Time at={l.createdAt} withTime />: {l.state === "open" ? "not opened yet" : l.state}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
