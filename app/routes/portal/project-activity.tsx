import type { Route } from "./+types/project-activity";
import { PanelError } from "~/components/portal/panel";
import { ActivityTabPage } from "~/components/workspace/tab-pages";
import { pageFrom } from "~/lib/pagination";
import { portalMeta } from "~/lib/portal";
import { requireClient } from "~/server/auth/session.server";
import { loadWorkspaceTab } from "~/server/http/workspace-tab.server";
import { listActivityForClient } from "~/server/models/projects/project-activity-reads.server";
import { getProject } from "~/server/models/projects/projects.server";

// The project's timeline for the company's members. Live through the portal
// layout's stream, which reloads every open panel on "projects" (one stream per tab, not two).

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const paging = pageFrom(new URL(request.url));
  // Another company's project is "not found", exactly like an unknown id.
  const [project, activity] = await loadWorkspaceTab(
    getProject({ id: params.id, companyId: user.companyId }),
    listActivityForClient({ projectId: params.id, companyId: user.companyId }, paging),
  );
  return { project: { id: project.id, title: project.title }, ...activity, page: paging.page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return portalMeta(`Activity · ${loaderData?.project.title ?? "Project"}`, matches);
}

export default function PortalProjectActivity({ loaderData }: Route.ComponentProps) {
  return <ActivityTabPage audience="client" {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
