import { Form, Link } from "react-router";
import type { Route } from "./+types/leads";
import { Pager } from "~/components/console/pager";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { SectionError } from "~/components/console/section-error";
import { CONSOLE_BASE } from "~/lib/console-nav";
import { formatDateTime, isoDate } from "~/lib/dates";
import { pageFrom } from "~/lib/pagination";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, leadFilterFrom, leadFilterQuery, leadStatusLabel } from "~/lib/schemas/lead";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listLeads } from "~/server/leads.server";
import { requireStaff } from "~/server/session.server";

const EXCERPT = 120;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const filter = leadFilterFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const { leads, total } = await listLeads(filter, { limit, offset });
  return {
    filter,
    page,
    total,
    leads: leads.map(({ id, name, email, phone, requirement, status, submittedAt }) => ({
      id,
      name,
      email,
      phone,
      status,
      submittedAt,
      requirement: requirement.length > EXCERPT ? `${requirement.slice(0, EXCERPT - 1)}…` : requirement,
    })),
  };
}

export default function ConsoleLeads({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["leads"]);
  const { filter, leads, page, total } = loaderData;
  const filtered = Boolean(filter.q || filter.status);
  return (
    <section aria-labelledby="leads-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="leads-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Leads
        </h2>
        <a href={`${CONSOLE_BASE}/leads/export${leadFilterQuery(filter)}`} className="btn-secondary" download>
          Export CSV<span className="sr-only"> of the leads shown</span>
        </a>
      </div>
      <Form method="get" role="search" aria-label="Search leads" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor="leads-q" className="field-label">
            Search name, e-mail, phone or requirement
          </label>
          <input id="leads-q" type="search" name="q" defaultValue={filter.q ?? ""} maxLength={200} className="field-input" />
        </div>
        <div>
          <label htmlFor="leads-status" className="field-label">
            Status
          </label>
          <select id="leads-status" name="status" defaultValue={filter.status ?? ""} className="field-input">
            <option value="">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {filtered ? (
          <Link to={`${CONSOLE_BASE}/leads`} className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>
      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {total === 1 ? "1 lead" : `${total} leads`}
        {filtered ? " match" : ""}
      </p>
      {leads.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {filtered ? "No leads match this search." : "No leads yet. Quote requests appear here as they arrive."}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Leads, newest first</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                {["Received", "Name", "Contact", "Requirement", "Status"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={isoDate(lead.submittedAt)}>{formatDateTime(lead.submittedAt)}</time>
                  </td>
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    <Link to={`${CONSOLE_BASE}/leads/${lead.id}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {lead.name}
                    </Link>
                  </th>
                  <td className="py-3 pr-4">
                    <span className="block break-all">{lead.email}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{lead.phone}</span>
                  </td>
                  <td className="py-3 pr-4 text-slate-700 dark:text-slate-300">{lead.requirement}</td>
                  <td className="py-3">
                    <PipelineBadge value={lead.status} label={leadStatusLabel(lead.status)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={`${CONSOLE_BASE}/leads`} backLabel="Back to Leads" />;
}
