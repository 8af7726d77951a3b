import type { Route } from "./+types/project-files";
import { PanelError } from "~/components/portal/panel";
import { FilesTabPage } from "~/components/workspace/tab-pages";
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
  useLiveRevalidation("/events/portal", ["projects"]);
  return <FilesTabPage audience="client" {...loaderData} pageResult={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
