import { Link } from "react-router";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import type { Route } from "./+types/proposals";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { CalendarTime } from "~/components/time";
import { formatMinorUnits } from "~/lib/money-format";
import { portalMeta } from "~/lib/portal";
import { requireClient } from "~/server/auth/session.server";
import { getPlace } from "~/server/brand/locale.server";
import { companyProposals, type PortalProposalRow } from "~/server/models/proposals/proposal-portal.server";

// The company's proposals: the open ones to read and sign, and the past ones (accepted, declined,
// expired) for the record.

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("Proposals", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const [rows, place] = await Promise.all([companyProposals(user.companyId), getPlace()]);
  const isOpen = (r: PortalProposalRow) => (r.status === "sent" || r.status === "viewed") && !r.expired;
  return { open: rows.filter(isOpen), past: rows.filter((r) => !isOpen(r)), locale: place.locale };
}

function statusLabel(row: PortalProposalRow): string {
  if (row.expired) return "Expired";
  if (row.status === "sent") return "New";
  if (row.status === "viewed") return "Open";
  return row.status === "accepted" ? "Accepted" : row.status === "declined" ? "Declined" : row.status;
}

function ProposalList({ rows, locale, label }: { rows: PortalProposalRow[]; locale: string; label: string }) {
  return (
    <ul
      aria-label={label}
      className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {rows.map((row) => (
        <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
          <Link to={`/user-dashboard/proposals/${row.id}`} className="font-medium text-brand-700 underline dark:text-brand-300">
            {row.title}
          </Link>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {statusLabel(row)} · <span className="tabular-nums">{formatMinorUnits(row.total, row.currency, locale)}</span> · valid until{" "}
            <CalendarTime date={row.validUntil} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function PortalProposals({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/portal", ["proposals"]);
  const { open, past, locale } = loaderData;
  return (
    <section aria-label="Proposals">
      <PanelHeader title="Proposals" intro="Proposals the agency sent your company: read them, then sign or decline." />
      {open.length + past.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No proposals yet.
        </p>
      ) : (
        <>
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">Open</h2>
          {open.length === 0 ? (
            <p className="mt-2 text-slate-600 dark:text-slate-400">Nothing to sign right now.</p>
          ) : (
            <ProposalList rows={open} locale={locale} label="Open proposals" />
          )}
          {past.length > 0 ? (
            <>
              <h2 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">Past</h2>
              <ProposalList rows={past} locale={locale} label="Past proposals" />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
