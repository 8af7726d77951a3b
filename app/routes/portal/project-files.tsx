import type { Route } from "./+types/project-files";
import { PanelError } from "~/components/portal/panel";
import { FilesList } from "~/components/workspace/files-list";
import { FilesUpload } from "~/components/workspace/files-upload";
import { FilesUsage } from "~/components/workspace/files-usage";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { keepFailureInForm } from "~/lib/form-failure";
import { FILE_CHANGE_FAILURE } from "~/lib/project-files";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireClient } from "~/server/auth/session.server";
import { requireIntent } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { deleteFileAction, loadFilesPage } from "../+shared/files-tab.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const client = await requireClient(request);
  return loadFilesPage({ user: client, side: "client", companyId: client.companyId }, params.id, request);
}

export async function action({ request, params }: Route.ActionArgs) {
  const client = await requireClient(request);
  const formData = await readForm(request);
  requireIntent(formData, ["delete-file"]);
  return deleteFileAction({ user: client, side: "client", companyId: client.companyId }, params.id, formData);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "delete-file": FILE_CHANGE_FAILURE }, { targetField: "fileId" });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Files | ${loaderData?.project.title ?? "Project"} | Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function PortalProjectFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { project, files, usage, mayUpload, notice } = loaderData;
  useLiveRevalidation("/events/portal", ["projects"]);
  return (
    <section aria-labelledby="files-heading" className="space-y-6">
      <WorkspaceHeader audience="portal" project={project} headingId="files-heading" />
      <FilesUsage used={usage.used} quota={usage.quota} />
      {mayUpload ? (
        <FilesUpload projectId={project.id} fileMax={usage.fileMax} pageOutcome={notice} />
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">The agency has turned off uploads from your side for this project. You can still download its files.</p>
      )}
      <FilesList files={files} pageResult={actionData} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
