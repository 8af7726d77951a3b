import { Form, Link } from "react-router";
import type { Route } from "./+types/applications";
import { Pager } from "~/components/console/pager";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { SectionError } from "~/components/console/section-error";
import { CONSOLE_BASE } from "~/lib/console-nav";
import { formatDateTime, isoDate } from "~/lib/dates";
import { pageFrom } from "~/lib/pagination";
import { APPLICATION_STAGES, APPLICATION_STAGE_LABELS, applicationFilterFrom, applicationFilterQuery, applicationStageLabel } from "~/lib/schemas/applicant";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listApplicants, listOpeningChoices } from "~/server/applicants.server";
import { requireStaff } from "~/server/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const filter = applicationFilterFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const [{ applicants, total }, openings] = await Promise.all([listApplicants(filter, { limit, offset }), listOpeningChoices()]);
  return {
    filter,
    page,
    total,
    openings,
    applicants: applicants.map(({ id, name, email, openingTitle, submittedAt, stage, hasResume }) => ({ id, name, email, openingTitle, submittedAt, stage, hasResume })),
  };
}

export default function ConsoleApplications({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["applications", "openings"]);
  const { filter, applicants, openings, page, total } = loaderData;
  const filtered = Boolean(filter.opening || filter.stage);
  return (
    <section aria-labelledby="applications-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="applications-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Applications
        </h2>
        <a href={`${CONSOLE_BASE}/applications/export${applicationFilterQuery(filter)}`} className="btn-secondary" download>
          Export CSV<span className="sr-only"> of the applications shown</span>
        </a>
      </div>
      <Form method="get" aria-label="Filter applications" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="applications-opening" className="field-label">
            Opening
          </label>
          <select id="applications-opening" name="opening" defaultValue={filter.opening ?? ""} className="field-input max-w-md">
            <option value="">All openings</option>
            {openings.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
                {o.status === "closed" ? " (closed)" : ""}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="applications-stage" className="field-label">
            Stage
          </label>
          <select id="applications-stage" name="stage" defaultValue={filter.stage ?? ""} className="field-input">
            <option value="">All stages</option>
            {APPLICATION_STAGES.map((s) => (
              <option key={s} value={s}>
                {APPLICATION_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {filtered ? (
          <Link to={`${CONSOLE_BASE}/applications`} className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>
      <p role="status" className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        {total === 1 ? "1 application" : `${total} applications`}
        {filtered ? " match" : ""}
      </p>
      {applicants.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {filtered ? "No applications match this filter." : "No applications yet. They appear here as candidates apply."}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Applications, newest first</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                {["Received", "Candidate", "Opening", "Resume", "Stage"].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {applicants.map((a) => (
                <tr key={a.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <time dateTime={isoDate(a.submittedAt)}>{formatDateTime(a.submittedAt)}</time>
                  </td>
                  <th scope="row" className="py-3 pr-4 font-semibold">
                    <Link to={`${CONSOLE_BASE}/applications/${a.id}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {a.name}
                    </Link>
                    <span className="block font-normal break-all text-slate-600 dark:text-slate-400">{a.email}</span>
                  </th>
                  <td className="py-3 pr-4">{a.openingTitle || "Removed opening"}</td>
                  <td className="py-3 pr-4">{a.hasResume ? "Yes" : "No"}</td>
                  <td className="py-3">
                    <PipelineBadge value={a.stage} label={applicationStageLabel(a.stage)} />
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
  return <SectionError error={error} backTo={`${CONSOLE_BASE}/applications`} backLabel="Back to Applications" />;
}
