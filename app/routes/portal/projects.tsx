import { ProjectFacts } from "~/components/portal/project-facts";
import { projectOwnerNames } from "~/server/models/projects/projects-staff-reads.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/projects";
import { LoadingBar } from "~/components/loading-bar";
import { PanelError, PanelHeader } from "~/components/portal/panel";
import { ProgressBar } from "~/components/portal/progress-bar";
import { ProjectForm } from "~/components/portal/project-form";
import { ProgressHistory } from "~/components/progress-history";
import {
  CLIENT_PROJECTS_OFF,
  PROJECT_CREATE_FAILURE,
  PROJECTS_EMPTY,
  PROJECTS_LOADING,
  portalMeta,
  skipReloadOnQueryChange,
} from "~/lib/portal";
import { keepFailureInForm } from "~/lib/form-failure";
import { projectSchema } from "~/lib/schemas/projects";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { getSettings } from "~/server/models/shared/settings.server";
import { createProject, listProgressHistory, listProjects } from "~/server/models/projects/projects.server";
import { requireClient } from "~/server/auth/session.server";
import { agencyToday } from "~/server/brand/locale.server";
import { Time } from "~/components/time";

export function meta({ matches }: Route.MetaArgs) {
  return portalMeta("My Projects", matches);
}
export const shouldRevalidate = skipReloadOnQueryChange;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireClient(request);
  const [projects, history, settings, today] = await Promise.all([
    listProjects({ companyId: user.companyId }),
    listProgressHistory({ companyId: user.companyId }),
    getSettings(),
    agencyToday(),
  ]);
  const owners = await projectOwnerNames(projects.flatMap((p) => (p.ownerId ? [p.ownerId] : [])));
  return {
    // The operator may leave creating projects to staff (console Settings).
    clientProjects: settings.clientProjects,
    today,
    projects: projects.map(({ id, title, description, progress, createdAt, status, startDate, dueDate, ownerId }) => ({
      id,
      title,
      description,
      progress,
      createdAt,
      // What staff set on the project.
      status,
      startDate,
      dueDate,
      ownerName: ownerId ? (owners[ownerId] ?? null) : null,
      // Every progress change staff made (value, optional note, who, when), newest first.
      history: history[id] ?? [],
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireClient(request);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["create-project"]);
  const submission = parseWithZod(formData, { schema: projectSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  if (!(await getSettings()).clientProjects) {
    return formResult({ intent, status: "error", message: CLIENT_PROJECTS_OFF, result: submission.reply() }, 403);
  }
  try {
    await createProject({ companyId: user.companyId, createdBy: user.id }, submission.value);
  } catch (error) {
    logger.error({ err: error }, "project create failed");
    return formResult({ intent, status: "error", message: PROJECT_CREATE_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", result: submission.reply({ resetForm: true }) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "create-project": PROJECT_CREATE_FAILURE });
}

export default function ProjectsPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { projects } = loaderData;
  const reloading = useRevalidator().state === "loading";
  const result = actionData?.intent === "create-project" ? actionData : undefined;
  return (
    <section>
      <PanelHeader title="My Projects" intro="Follow the progress of the work we are doing for you." />
      {reloading ? <LoadingBar label={PROJECTS_LOADING} /> : null}
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        {projects.length === 0 ? (
          <p className="self-start rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {PROJECTS_EMPTY}
          </p>
        ) : (
          <ul className="space-y-4" aria-label="Your projects">
            {projects.map((p) => (
              <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{p.title}</h2>
                  {/* Milestones, approvals, files and activity live in the project's workspace. */}
                  <Link
                    to={href("/user-dashboard/projects/:id", { id: p.id })}
                    className="btn-secondary"
                    aria-label={`Open workspace: ${p.title}`}
                  >
                    Open workspace
                  </Link>
                </div>
                <p className="mt-1 whitespace-pre-line text-slate-700 dark:text-slate-300">{p.description}</p>
                <div className="mt-3">
                  <ProjectFacts
                    status={p.status}
                    startDate={p.startDate}
                    dueDate={p.dueDate}
                    ownerName={p.ownerName}
                    today={loaderData.today}
                  />
                </div>
                <div className="mt-4">
                  <ProgressBar value={p.progress} label={`Progress of ${p.title}`} />
                </div>
                <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                  Created <Time at={p.createdAt} />
                </p>
                <div className="mt-4">
                  <ProgressHistory entries={p.history} title={p.title} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {loaderData.clientProjects ? (
          <ProjectForm lastResult={result?.result} formError={result?.status === "error" ? result.message : undefined} />
        ) : (
          <p className="self-start rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
            {CLIENT_PROJECTS_OFF}
          </p>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PanelError error={error} />;
}
