import { href } from "react-router";
import type { Route } from "./+types/project-activity";
import { SectionError } from "~/components/console/section-error";
import { ActivityTabPage } from "~/components/workspace/tab-pages";
import { pageFrom } from "~/lib/pagination";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { loadWorkspaceTab } from "~/server/http/workspace-tab.server";
import { listActivityForStaff } from "~/server/models/projects/project-activity-reads.server";
import { getProjectForStaff } from "~/server/models/projects/projects-staff-reads.server";

// The project's timeline for staff (the "clients" area), archived projects too.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const paging = pageFrom(new URL(request.url));
  const [project, activity] = await loadWorkspaceTab(
    companyScope(user).then((scope) => getProjectForStaff({ id: params.id, scope })),
    listActivityForStaff({ projectId: params.id }, paging),
  );
  const { id, title, companyId, companyName, archivedAt } = project;
  return { project: { id, title, companyId, companyName, archived: archivedAt !== null }, ...activity, page: paging.page };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Activity · ${loaderData?.project.title ?? "Project"} | Projects | Employee Dashboard` },
    { name: "robots", content: "noindex" },
  ];
}

export default function ConsoleProjectActivity({ loaderData }: Route.ComponentProps) {
  // A colleague's change, or the client's decision or upload, shows up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  return <ActivityTabPage audience="staff" {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
