import { href } from "react-router";
import type { Route } from "./+types/project-milestones";
import { SectionError } from "~/components/console/section-error";
import { ProgressBar } from "~/components/portal/progress-bar";
import { ApprovalRequestForm, ApprovalRequestOutcome } from "~/components/workspace/approval-request-form";
import { ApprovalState } from "~/components/workspace/approval-state";
import { MilestoneForm } from "~/components/workspace/milestone-form";
import { OutcomeMessage } from "~/components/workspace/milestone-outcome";
import { MilestoneProgressMode } from "~/components/workspace/milestone-progress-mode";
import { MilestoneRowAction } from "~/components/workspace/milestone-row-action";
import { MilestoneStatusBadge } from "~/components/workspace/milestone-status-badge";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { useDates } from "~/lib/use-place";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadMilestonesPage, milestonesAction } from "./project-milestones.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  return loadMilestonesPage(params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return milestonesAction(user, params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Milestones | ${loaderData?.project.title ?? "Project"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

// A failed request shows the form's message in place; `target` names the row's form.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE, { targetField: "target" });
}

export default function ConsoleProjectMilestones({ loaderData, actionData }: Route.ComponentProps) {
  const { formatCalendarDate } = useDates();
  const { project, milestones } = loaderData;
  // The client's decisions and colleagues' changes show up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  const locked = project.archived;
  return (
    <section aria-labelledby="milestones-project-heading" className="space-y-8">
      <WorkspaceHeader audience="staff" project={project} headingId="milestones-project-heading" />
      {locked ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          This project is archived. Restore it on the Details tab to change its milestones.
        </p>
      ) : null}

      <div className="grid max-w-4xl gap-6 rounded-2xl border border-slate-200 bg-white p-5 md:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900 dark:text-white">Progress</h3>
          <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
        </div>
        <MilestoneProgressMode projectId={project.id} mode={project.progressMode} disabled={locked} pageResult={actionData} />
      </div>

      <section aria-labelledby="milestones-heading" className="max-w-4xl space-y-4">
        <h3 id="milestones-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Milestones
        </h3>
        {/* A removed milestone's row is gone: its answer shows here (the no-JavaScript round trip). */}
        {actionData?.intent === "remove" ? <OutcomeMessage outcome={actionData} /> : null}
        {milestones.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            No milestones yet. Add the first one below.
          </p>
        ) : (
          <ol className="space-y-4" aria-label={`Milestones of ${project.title}`}>
            {milestones.map((m, index) => {
              const pending = m.approval?.status === "pending";
              return (
                <li
                  key={m.id}
                  id={`milestone-${m.id}`}
                  className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex flex-wrap items-center gap-3">
                    <h4 className="text-lg font-semibold text-slate-900 dark:text-white">{m.title}</h4>
                    <MilestoneStatusBadge status={m.status} />
                    {m.dueDate ? (
                      <span className="text-sm text-slate-600 dark:text-slate-400">Due {formatCalendarDate(m.dueDate)}</span>
                    ) : null}
                  </div>
                  {m.description ? <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{m.description}</p> : null}
                  {m.approval ? <ApprovalState approval={m.approval} /> : null}
                  <ApprovalRequestOutcome projectId={project.id} subjectId={m.id} pageResult={actionData} />
                  <div className="flex flex-wrap items-start gap-2">
                    <MilestoneRowAction
                      projectId={project.id}
                      intent="move-up"
                      id={m.id}
                      label="Move up"
                      accessibleLabel={`Move "${m.title}" up`}
                      disabled={locked || index === 0}
                      pageResult={actionData}
                    />
                    <MilestoneRowAction
                      projectId={project.id}
                      intent="move-down"
                      id={m.id}
                      label="Move down"
                      accessibleLabel={`Move "${m.title}" down`}
                      disabled={locked || index === milestones.length - 1}
                      pageResult={actionData}
                    />
                    {pending ? (
                      <MilestoneRowAction
                        projectId={project.id}
                        intent="withdraw-approval"
                        id={m.approval!.id}
                        label="Withdraw"
                        accessibleLabel={`Withdraw the request for approval of "${m.title}"`}
                        disabled={locked}
                        pageResult={actionData}
                      />
                    ) : null}
                  </div>
                  {!pending && !locked ? (
                    <ApprovalRequestForm
                      projectId={project.id}
                      subjectType="milestone"
                      subjectId={m.id}
                      subjectTitle={m.title}
                      again={m.approval !== null}
                      pageResult={actionData}
                    />
                  ) : null}
                  <details className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                    <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">Edit or remove</summary>
                    <div className="mt-3 space-y-4">
                      <MilestoneForm projectId={project.id} milestone={m} pageResult={actionData} disabled={locked} />
                      <MilestoneRowAction
                        projectId={project.id}
                        intent="remove"
                        id={m.id}
                        label="Remove milestone"
                        accessibleLabel={`Remove milestone "${m.title}"`}
                        tone="danger"
                        disabled={locked}
                        pageResult={actionData}
                      />
                    </div>
                  </details>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section
        aria-labelledby="milestone-add-heading"
        className="max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="milestone-add-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
          Add a milestone
        </h3>
        <MilestoneForm projectId={project.id} pageResult={actionData} disabled={locked} />
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
