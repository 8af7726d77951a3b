import { href } from "react-router";
import type { Route } from "./+types/project-files";
import { SectionError } from "~/components/console/section-error";
import { FilesTabPage } from "~/components/workspace/tab-pages";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { FILE_CHANGE_FAILURE } from "~/lib/project-files";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { loadFilesPage } from "../+shared/files-tab.server";
import { consoleFilesAction } from "./project-files.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  return loadFilesPage({ user, side: "staff", scope: await companyScope(user) }, params.id, request);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return consoleFilesAction(user, params.id, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(
    request,
    serverAction,
    { "delete-file": FILE_CHANGE_FAILURE, "request-approval": CHANGE_FAILURE, "client-uploads": FILE_CHANGE_FAILURE },
    { targetField: "fileId" },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Files | ${loaderData?.project.title ?? "Project"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

export default function ConsoleProjectFiles({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["projects"]);
  return <FilesTabPage audience="staff" {...loaderData} pageResult={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
