import { href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/project-milestones";
import { SectionError } from "~/components/console/section-error";
import { ProgressBar } from "~/components/portal/progress-bar";
import { MilestoneForm } from "~/components/workspace/milestone-form";
import { MilestoneList } from "~/components/workspace/milestone-list";
import { OutcomeMessage } from "~/components/workspace/milestone-outcome";
import { MilestoneProgressMode } from "~/components/workspace/milestone-progress-mode";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadMilestonesPage, milestonesAction } from "./project-milestones.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  return loadMilestonesPage(user, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return milestonesAction(user, params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Milestones | ${loaderData?.project.title ?? "Project"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

// Opening or closing a row's form changes only the address: the page's data stays as it is.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

// A failed request shows the form's message in place; `target` names the row's form.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE, { targetField: "target" });
}

export default function ConsoleProjectMilestones({ loaderData, actionData }: Route.ComponentProps) {
  const { project, milestones } = loaderData;
  // The client's decisions and colleagues' changes show up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  const locked = project.archived;
  return (
    <section aria-labelledby="milestones-project-heading" className="space-y-8">
      <WorkspaceHeader audience="staff" project={project} headingId="milestones-project-heading" />
      {locked ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          This project is archived. Restore it on the Overview tab to change its milestones.
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
        <MilestoneList
          projectId={project.id}
          projectTitle={project.title}
          milestones={milestones}
          pageResult={actionData}
          locked={locked}
        />
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
