import { href, Link, useFetcher } from "react-router";
import type { Route } from "./+types/project";
import { ProjectArchive } from "~/components/console/project-archive";
import { ProjectDelete } from "~/components/console/project-delete";
import { ProjectForm } from "~/components/console/project-form";
import { ProgressForm } from "~/components/console/progress-form";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { ProgressBar } from "~/components/portal/progress-bar";
import { ProgressHistory } from "~/components/progress-history";
import { ProjectStatusBadge } from "~/components/project-status-badge";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { PROGRESS_FOLLOWS_MILESTONES } from "~/lib/milestones";
import { CHANGES_FAILURE, CHANGE_FAILURE, PROGRESS_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadProject, projectAction } from "./project.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  return loadProject(user, request, params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return projectAction(user, params.id, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.project.title ?? "Project"} | Projects | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(
    request,
    serverAction,
    { save: CHANGES_FAILURE, "set-progress": PROGRESS_FAILURE, archive: CHANGE_FAILURE, restore: CHANGE_FAILURE },
    { targetField: "projectId" },
  );
}

export default function ConsoleProject({ loaderData, actionData }: Route.ComponentProps) {
  const { project, owners, created, confirmArchive, confirmDelete, mayDelete } = loaderData;
  // A colleague's change, or the client's, shows up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  const archived = project.archivedAt !== null;
  // Fetchers: their answers survive the live reload each change causes (see ProjectForm).
  const saveFetcher = useFetcher<FormResult>({ key: `project-save-${project.id}` });
  const archiveFetcher = useFetcher<FormResult>({ key: `project-archive-${project.id}` });
  const saved = saveFetcher.state === "idle" ? (saveFetcher.data ?? (actionData?.intent === "save" ? actionData : undefined)) : undefined;
  const defaultValue = {
    title: project.title,
    description: project.description,
    status: project.status as "planned",
    startDate: project.startDate ?? undefined,
    dueDate: project.dueDate ?? undefined,
    ownerId: project.ownerId ?? undefined,
  };
  return (
    <section aria-labelledby="project-heading" className="space-y-8">
      <WorkspaceHeader
        audience="staff"
        project={{ ...project, archived }}
        headingId="project-heading"
        badges={<ProjectStatusBadge status={project.status} />}
      >
        <div className="max-w-3xl">
          <ActionMessage
            outcome={
              created && !actionData && !saveFetcher.data && !archiveFetcher.data
                ? { status: "success", message: "Project created: the client's members see it in My Projects now." }
                : undefined
            }
          />
        </div>
      </WorkspaceHeader>

      <section aria-labelledby="project-details-heading">
        <h3 id="project-details-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
          Details
        </h3>
        {/* When the stored fields change (a save, another staff member), the form starts from them again. */}
        <ProjectForm
          key={JSON.stringify(defaultValue)}
          formId={`project-${project.id}`}
          defaultValue={defaultValue}
          owners={owners}
          lastResult={saved?.result}
          outcome={saved}
          submitLabel="Save changes"
          pendingLabel="Saving..."
          disabled={archived}
          fetcher={saveFetcher}
        />
      </section>

      <section
        aria-labelledby="project-progress-heading"
        className="grid max-w-3xl gap-6 rounded-2xl border border-slate-200 bg-white p-5 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="space-y-3">
          <h3 id="project-progress-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Progress
          </h3>
          <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
          <ProgressHistory entries={project.history} title={project.title} />
        </div>
        {archived ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Restore the project to set its progress.</p>
        ) : project.progressMode === "milestones" ? (
          <div className="space-y-3">
            <div
              id="progress-follows"
              className="space-y-1 rounded-lg bg-slate-100 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
            >
              <p>{PROGRESS_FOLLOWS_MILESTONES}</p>
              <Link
                to={href("/employee-dashboard/projects/:id/milestones", { id: project.id })}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                Open the Milestones tab
              </Link>
            </div>
            {/* Shown but disabled, so staff see why they cannot type a value. */}
            <fieldset disabled aria-describedby="progress-follows" className="opacity-60">
              <ProgressForm
                projectId={project.id}
                title={project.title}
                progress={project.progress}
                version={project.history[0]?.id ?? "none"}
                pageResult={actionData}
              />
            </fieldset>
          </div>
        ) : (
          <ProgressForm
            projectId={project.id}
            title={project.title}
            progress={project.progress}
            version={project.history[0]?.id ?? "none"}
            pageResult={actionData}
          />
        )}
      </section>

      <ProjectArchive
        id={project.id}
        title={project.title}
        archived={archived}
        confirming={confirmArchive}
        fetcher={archiveFetcher}
        pageResult={actionData}
      />
      {project.companyId ? (
        <ProjectDelete
          id={project.id}
          companyId={project.companyId}
          title={project.title}
          mayDelete={mayDelete}
          confirming={confirmDelete}
        />
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
