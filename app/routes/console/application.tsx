import { href, Link } from "react-router";
import type { Route } from "./+types/application";
import { EraseLink } from "~/components/console/erase-link";
import { ConsentRecord } from "~/components/console/consent-record";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { RecordHistory } from "~/components/console/record-history";
import { NoteForm, PipelineForm } from "~/components/console/review-forms";
import { SectionError } from "~/components/console/section-error";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import {
  APPLICATION_STAGES,
  APPLICATION_STAGE_LABELS,
  applicationStageLabel,
  applicationStageSchema,
} from "~/lib/schemas/applications-staff";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { addApplicationNote, getApplicant, setApplicationStage } from "~/server/models/pipeline/applications-staff.server";
import { recordHistory } from "~/server/models/shared/record-history.server";
import { requireStaff } from "~/server/auth/session.server";
import { reviewAction } from "./review.server";
import { Time } from "~/components/time";

const STAGE_OPTIONS = APPLICATION_STAGES.map((value) => ({ value, label: APPLICATION_STAGE_LABELS[value] }));
const TERM = "font-medium text-slate-600 dark:text-slate-400";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "applications");
  const applicant = await getApplicant(params.id);
  if (!applicant) throw new Response("This application does not exist.", { status: 404, statusText: "Not found" });
  return { applicant, history: await recordHistory("application", applicant.id), mayErase: user.staffRole === "admin" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "applications");
  return reviewAction(request, {
    field: "stage",
    schema: applicationStageSchema,
    change: (stage) => setApplicationStage(user, params.id, stage),
    note: (text) => addApplicationNote(user, params.id, text),
  });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConsoleApplication({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["applications"]);
  const { applicant: a, history, mayErase } = loaderData;
  return (
    <article aria-labelledby="application-heading" className="space-y-8">
      <div>
        <Link
          to={href("/employee-dashboard/applications")}
          className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          ← Back to Applications
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 id="application-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            {a.name}
          </h2>
          <PipelineBadge value={a.stage} label={applicationStageLabel(a.stage)} />
          {mayErase ? <EraseLink kind="application" id={a.id} who={a.name} className="ml-auto" /> : null}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className={TERM}>Opening</dt>
        <dd>{a.openingTitle || "Removed opening"}</dd>
        <dt className={TERM}>Received</dt>
        <dd>
          <Time at={a.submittedAt} withTime />
        </dd>
        <dt className={TERM}>Email</dt>
        <dd className="break-all">
          <a href={`mailto:${a.email}`} className="text-brand-700 underline dark:text-brand-300">
            {a.email}
          </a>
        </dd>
        <dt className={TERM}>Applied as</dt>
        <dd>{a.appliedBy ? "Signed-in client" : "Guest"}</dd>
        <dt className={TERM}>Message</dt>
        <dd className="whitespace-pre-wrap">{a.message || "—"}</dd>
        <dt className={TERM}>Resume</dt>
        <dd>
          {a.hasResume ? (
            // A download, not a page: reloadDocument keeps the client router out of it.
            <Link to={href("/employee-dashboard/applications/:id/resume", { id: a.id })} reloadDocument className="btn-secondary">
              Download resume<span className="sr-only"> of {a.name}</span> ({a.resumeName})
            </Link>
          ) : (
            "No resume sent"
          )}
        </dd>
        <ConsentRecord version={a.consentVersion} at={a.consentedAt} privacyVersion={a.privacyVersion} form="application" />
      </dl>
      <section aria-labelledby="application-pipeline" className="space-y-3">
        <h3 id="application-pipeline" className="text-lg font-semibold text-slate-900 dark:text-white">
          Hiring stage
        </h3>
        <PipelineForm
          field="stage"
          label="Stage"
          current={a.stage}
          options={STAGE_OPTIONS}
          schema={applicationStageSchema}
          pageResult={actionData}
        />
      </section>
      <section aria-labelledby="application-notes" className="space-y-4">
        <h3 id="application-notes" className="text-lg font-semibold text-slate-900 dark:text-white">
          Notes and history
        </h3>
        <NoteForm pageResult={actionData} />
        <RecordHistory items={history} fieldLabel="Stage" valueLabel={applicationStageLabel} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/applications")} backLabel="Back to Applications" />;
}
