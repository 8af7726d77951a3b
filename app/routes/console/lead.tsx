import { href, Link } from "react-router";
import type { Route } from "./+types/lead";
import { EraseLink } from "~/components/console/erase-link";
import { ConsentRecord } from "~/components/console/consent-record";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { RecordHistory } from "~/components/console/record-history";
import { NoteForm, PipelineForm } from "~/components/console/review-forms";
import { SectionError } from "~/components/console/section-error";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { LEAD_STATUSES, LEAD_STATUS_LABELS, leadStatusLabel, leadStatusSchema } from "~/lib/schemas/quotes-staff";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { addLeadNote, getLead, setLeadStatus } from "~/server/models/pipeline/quotes-staff.server";
import { recordHistory } from "~/server/models/shared/record-history.server";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { reviewAction } from "./review.server";
import { Time } from "~/components/time";
import { RecordProposals } from "~/components/proposals/record-proposals";
import { agencyToday } from "~/server/brand/locale.server";
import { listProposals } from "~/server/models/proposals/proposals-read.server";

const STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const scope = await companyScope(user);
  const lead = await getLead(params.id, scope);
  if (!lead) throw new Response("This lead does not exist.", { status: 404, statusText: "Not found" });
  const [history, proposals] = await Promise.all([
    recordHistory("lead", lead.id),
    agencyToday().then((today) => listProposals({ today, leadId: lead.id, scope })),
  ]);
  return { lead, history, proposals, mayErase: user.staffRole === "admin" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "leads");
  if (!(await getLead(params.id, await companyScope(user))))
    throw new Response("This lead does not exist.", { status: 404, statusText: "Not found" });
  return reviewAction(request, {
    field: "status",
    schema: leadStatusSchema,
    change: (status) => setLeadStatus(user, params.id, status),
    note: (text) => addLeadNote(user, params.id, text),
  });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConsoleLead({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["leads", "proposals"]);
  const { lead, history, proposals, mayErase } = loaderData;
  return (
    <article aria-labelledby="lead-heading" className="space-y-8">
      <div>
        <Link
          to={href("/employee-dashboard/leads")}
          className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          ← Back to Leads
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 id="lead-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            {lead.name}
          </h2>
          <PipelineBadge value={lead.status} label={leadStatusLabel(lead.status)} />
          {mayErase ? <EraseLink kind="lead" id={lead.id} who={lead.name} /> : null}
          {/* A won lead becomes a client company; once converted, the link leads there. */}
          {lead.companyId ? (
            <Link to={href("/employee-dashboard/clients/:id", { id: lead.companyId })} className="btn-secondary ml-auto px-3 py-1.5">
              View client
            </Link>
          ) : (
            <Link to={href("/employee-dashboard/leads/:id/convert", { id: lead.id })} className="btn-primary ml-auto px-3 py-1.5">
              Convert to client
            </Link>
          )}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Received</dt>
        <dd>
          <Time at={lead.submittedAt} withTime />
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Email</dt>
        <dd className="break-all">
          <a href={`mailto:${lead.email}`} className="text-brand-700 underline dark:text-brand-300">
            {lead.email}
          </a>
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Phone</dt>
        <dd>
          <a href={`tel:${lead.phone.replace(/[^+0-9]/g, "")}`} className="text-brand-700 underline dark:text-brand-300">
            {lead.phone}
          </a>
        </dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Country</dt>
        <dd>{lead.country || "—"}</dd>
        <dt className="font-medium text-slate-600 dark:text-slate-400">Requirement</dt>
        <dd className="whitespace-pre-wrap">{lead.requirement}</dd>
        <ConsentRecord version={lead.consentVersion} at={lead.consentedAt} privacyVersion={lead.privacyVersion} form="quote" />
      </dl>
      <section aria-labelledby="lead-pipeline" className="space-y-3">
        <h3 id="lead-pipeline" className="text-lg font-semibold text-slate-900 dark:text-white">
          Pipeline
        </h3>
        <PipelineForm
          field="status"
          label="Status"
          current={lead.status}
          options={STATUS_OPTIONS}
          schema={leadStatusSchema}
          pageResult={actionData}
        />
      </section>
      <RecordProposals target={{ leadId: lead.id }} proposals={proposals} />
      <section aria-labelledby="lead-notes" className="space-y-4">
        <h3 id="lead-notes" className="text-lg font-semibold text-slate-900 dark:text-white">
          Notes and history
        </h3>
        <NoteForm pageResult={actionData} />
        <RecordHistory items={history} fieldLabel="Status" valueLabel={leadStatusLabel} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/leads")} backLabel="Back to Leads" />;
}
