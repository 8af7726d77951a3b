import { href, Link } from "react-router";
import type { Route } from "./+types/project";
import { PanelError } from "~/components/portal/panel";
import { ProgressBar } from "~/components/portal/progress-bar";
import { ProjectFacts } from "~/components/portal/project-facts";
import { ApprovalDecisionForm, DecisionOutcome } from "~/components/workspace/approval-decision-form";
import { ApprovalState } from "~/components/workspace/approval-state";
import { MilestoneSummary } from "~/components/workspace/milestone-summary";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { keepFailureInForm } from "~/lib/form-failure";
import { DECISION_FAILURE } from "~/lib/milestones";
import { portalMeta } from "~/lib/portal";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireClient } from "~/server/auth/session.server";
import { loadOverview, overviewAction } from "./project.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireClient(request);
  return loadOverview(user, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireClient(request);
  return overviewAction(user, params.id, request);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return portalMeta(loaderData?.project.title ?? "Project", matches);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { decide: DECISION_FAILURE }, { targetField: "approvalId" });
}

const subjectName = (a: { subjectType: string; subjectTitle: string | null }) =>
  `${a.subjectType === "file" ? "File" : "Milestone"} "${a.subjectTitle ?? "removed"}"`;

export default function ProjectOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { project, milestones, waiting, decided, today } = loaderData;
  // Staff's milestones and requests, and teammates' decisions, show up at once.
  useLiveRevalidation("/events/portal", ["projects"]);
  return (
    <section aria-labelledby="overview-heading" className="space-y-8">
      <WorkspaceHeader audience="client" project={project} headingId="overview-heading" />

      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{project.description}</p>
        <ProjectFacts
          status={project.status}
          startDate={project.startDate}
          dueDate={project.dueDate}
          ownerName={project.ownerName}
          today={today}
        />
        <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
        {project.followsMilestones ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">Progress is the share of milestones that are done.</p>
        ) : null}
      </div>

      <section aria-labelledby="waiting-heading" className="space-y-4">
        <h2 id="waiting-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Waiting for your approval
        </h2>
        <DecisionOutcome projectId={project.id} waitingIds={waiting.map((a) => a.id)} pageResult={actionData} />
        {waiting.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            Nothing is waiting for your approval.
          </p>
        ) : (
          <ul className="space-y-4" aria-label="Approvals waiting">
            {waiting.map((a) => (
              <li
                key={a.id}
                id={`approval-${a.id}`}
                className="space-y-3 rounded-2xl border border-violet-200 bg-white p-5 dark:border-violet-900 dark:bg-slate-900"
              >
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{subjectName(a)}</h3>
                {a.subjectType === "file" ? (
                  <Link
                    to={href("/user-dashboard/projects/:id/files", { id: project.id })}
                    className="text-sm text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    See the file in Files
                  </Link>
                ) : null}
                <ApprovalState approval={a} />
                <ApprovalDecisionForm projectId={project.id} approvalId={a.id} subject={subjectName(a)} pageResult={actionData} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="milestones-heading" className="space-y-4">
        <h2 id="milestones-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Milestones
        </h2>
        {milestones.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            No milestones yet. Our team adds them as the work is planned.
          </p>
        ) : (
          <ol className="space-y-3" aria-label={`Milestones of ${project.title}`}>
            {milestones.map((m) => (
              <li
                key={m.id}
                id={`milestone-${m.id}`}
                className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <MilestoneSummary milestone={m} heading="h3" />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="decided-heading" className="space-y-4">
        <h2 id="decided-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Past decisions
        </h2>
        {decided.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No decisions yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Past decisions">
            {decided.map((a) => (
              <li
                key={a.id}
                id={`approval-${a.id}`}
                className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <h3 className="font-semibold text-slate-900 dark:text-white">{subjectName(a)}</h3>
                <ApprovalState approval={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
