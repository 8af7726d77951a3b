import { href } from "react-router";
import type { Route } from "./+types/project-files";
import { SectionError } from "~/components/console/section-error";
import { FilesAskApproval } from "~/components/workspace/files-ask-approval";
import { FilesClientUploads } from "~/components/workspace/files-client-uploads";
import { FilesList } from "~/components/workspace/files-list";
import { FilesUpload } from "~/components/workspace/files-upload";
import { FilesUsage } from "~/components/workspace/files-usage";
import { WorkspaceHeader } from "~/components/workspace/workspace-header";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { FILE_CHANGE_FAILURE } from "~/lib/project-files";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadFilesPage } from "../+shared/files-tab.server";
import { consoleFilesAction } from "./project-files.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  return loadFilesPage({ user, side: "staff" }, params.id, request);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return consoleFilesAction(user, params.id, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "delete-file": FILE_CHANGE_FAILURE, "request-approval": CHANGE_FAILURE, "client-uploads": FILE_CHANGE_FAILURE }, { targetField: "fileId" });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Files | ${loaderData?.project.title ?? "Project"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function ConsoleProjectFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { project, files, usage, mayUpload, notice } = loaderData;
  useLiveRevalidation("/events/console", ["projects"]);
  return (
    <section aria-labelledby="files-heading" className="space-y-6">
      <WorkspaceHeader audience="console" project={project} headingId="files-heading" />
      <FilesUsage used={usage.used} quota={usage.quota} />
      <FilesClientUploads projectId={project.id} on={project.clientUploads} pageResult={actionData} />
      {mayUpload ? (
        <FilesUpload projectId={project.id} fileMax={usage.fileMax} pageOutcome={notice} />
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">This project is archived: restore it to add files.</p>
      )}
      <FilesList
        files={files}
        pageResult={actionData}
        askForApproval={(file) => <FilesAskApproval projectId={project.id} fileId={file.id} fileName={file.name} pending={file.approval?.status === "pending"} />}
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
