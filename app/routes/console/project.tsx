import { href, Link, useFetcher, useSearchParams } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
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
import { projectStatusLabel } from "~/lib/schemas/projects-staff";
import { useDates } from "~/lib/use-place";
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
  // Details read first; "Edit details" opens the form by address, so without JavaScript too.
  const [params] = useSearchParams();
  const editing = params.get("edit") === "details" || saved?.status === "invalid" || saved?.status === "error";
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

      <section aria-labelledby="project-details-heading" className="max-w-3xl space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="project-details-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            Details
          </h3>
          {archived ? null : editing ? (
            <Link
              to="?"
              preventScrollReset
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              Close
            </Link>
          ) : (
            <Link
              to="?edit=details"
              preventScrollReset
              className="btn-secondary px-3 py-1.5"
              aria-label={`Edit details of ${project.title}`}
            >
              Edit details
            </Link>
          )}
        </div>
        {editing && !archived ? (
          <EditDetails>
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
              fetcher={saveFetcher}
            />
          </EditDetails>
        ) : (
          <ProjectDetails project={project} ownerName={owners.find((o) => o.id === project.ownerId)?.name} />
        )}
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

/** The project's fields as read: the page opens on this, not on a form. */
function ProjectDetails({
  project,
  ownerName,
}: {
  project: { description: string; status: string; startDate: string | null; dueDate: string | null };
  ownerName?: string;
}) {
  const { formatCalendarDate } = useDates();
  const rows: [string, string][] = [
    ["Status", projectStatusLabel(project.status)],
    ["Owner", ownerName ?? "No owner yet"],
    ["Start date", project.startDate ? formatCalendarDate(project.startDate) : "Not set"],
    ["Due date", project.dueDate ? formatCalendarDate(project.dueDate) : "Not set"],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-2xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600 dark:text-slate-400">Description</dt>
        <dd className="mt-1 whitespace-pre-line text-slate-900 dark:text-slate-100">{project.description || "No description yet."}</dd>
      </div>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="mt-1 text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The edit form, opened from "Edit details": it takes the focus the link gave up. */
function EditDetails({ children }: { children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => region.current?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select')?.focus(), []);
  return <div ref={region}>{children}</div>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
