import { href, Link } from "react-router";
import type { Route } from "./+types/project-activity";
import { SectionError } from "~/components/console/section-error";
import { ActivityList } from "~/components/workspace/activity-list";
import { ProjectTabs } from "~/components/workspace/project-tabs";
import { pageFrom, PAGE_SIZE } from "~/lib/pagination";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadWorkspaceTab } from "~/server/http/workspace-tab.server";
import { listActivityForStaff } from "~/server/models/project-activity-reads.server";
import { getProjectForStaff } from "~/server/models/projects-staff-reads.server";

// Issue 17 part 6: the project's timeline for staff (the "clients" area), archived projects too.

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  const paging = pageFrom(new URL(request.url));
  const [project, activity] = await loadWorkspaceTab(getProjectForStaff({ id: params.id }), listActivityForStaff({ projectId: params.id }, paging));
  const { id, title, companyId, companyName, archivedAt } = project;
  return { project: { id, title, companyId, companyName, archived: archivedAt !== null }, ...activity, page: paging.page };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Activity · ${loaderData?.project.title ?? "Project"} | Projects | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function ConsoleProjectActivity({ loaderData }: Route.ComponentProps) {
  const { project, entries, total, page } = loaderData;
  // A colleague's change, or the client's decision or upload, shows up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  return (
    <section aria-labelledby="project-heading" className="space-y-6">
      <div>
        <nav aria-label="Back" className="flex flex-wrap gap-4 text-sm font-medium">
          <Link to={href("/employee-dashboard/projects")} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            ← All projects
          </Link>
          {project.companyId ? (
            <Link to={href("/employee-dashboard/clients/:id", { id: project.companyId })} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
              Company: {project.companyName}
            </Link>
          ) : null}
        </nav>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 id="project-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            {project.title}
          </h2>
          {project.archived ? <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">Archived</span> : null}
        </div>
      </div>
      <ProjectTabs audience="console" projectId={project.id} title={project.title} />
      <section aria-labelledby="activity-heading">
        <h3 id="activity-heading" className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
          Activity
        </h3>
        <ActivityList audience="console" projectId={project.id} title={project.title} entries={entries} total={total} page={page} pageSize={PAGE_SIZE} />
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
