import { href, Link } from "react-router";
import type { Route } from "./+types/client";
import { ProgressForm } from "~/components/console/progress-form";
import { SectionError } from "~/components/console/section-error";
import { StatusBadge } from "~/components/portal/status-badge";
import { ProgressBar } from "~/components/portal/progress-bar";
import { ProgressHistory } from "~/components/progress-history";
import { PROGRESS_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { site } from "~/content/site";
import { formatDate, isoDate } from "~/lib/dates";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { loadClient, setProgressAction } from "./client.server";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.client.profile?.fullName || data?.client.email || "Client"} | Clients | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  return loadClient(params.id);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  return setProgressAction(user, params.id, request);
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-slate-900 dark:text-slate-100">{value || "—"}</dd>
    </div>
  );
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place (issue 14).
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, PROGRESS_FAILURE, { targetField: "projectId" });
}

export default function ClientDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { client, projects, complaints } = loaderData;
  // Projects the client creates, and progress set by a colleague, show up at once.
  useLiveRevalidation("/events/console", ["projects"]);
  const p = client.profile;
  return (
    <section aria-labelledby="client-heading" className="space-y-8">
      <div>
        <Link to={href("/employee-dashboard/clients")} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          ← All clients
        </Link>
        <h2 id="client-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
          {p?.fullName || client.name || client.email}
        </h2>
        <dl className="mt-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
          <Detail label="Account e-mail" value={client.email} />
          <Detail label="Phone" value={p?.phone ?? ""} />
          <Detail label="Company" value={p?.company ?? ""} />
          <Detail label="Country" value={p?.country ?? ""} />
          <Detail label="Joined" value={formatDate(client.createdAt)} />
          <Detail label="Profile" value={p ? `Updated ${formatDate(p.updatedAt)}` : "Not completed yet"} />
        </dl>
      </div>

      <section aria-labelledby="client-projects-heading">
        <h3 id="client-projects-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Projects
        </h3>
        {projects.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">This client has no projects yet.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {projects.map((project) => (
              <li key={project.id}>
                <article aria-labelledby={`project-${project.id}`} className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-5 lg:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
                  <div className="space-y-3">
                    <h4 id={`project-${project.id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
                      {project.title}
                    </h4>
                    <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{project.description}</p>
                    <ProgressBar value={project.progress} label={`Progress of ${project.title}`} />
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      Created <time dateTime={isoDate(project.createdAt)}>{formatDate(project.createdAt)}</time>
                    </p>
                    <ProgressHistory entries={project.history} title={project.title} />
                  </div>
                  <ProgressForm
                    projectId={project.id}
                    title={project.title}
                    progress={project.progress}
                    version={project.history[0]?.id ?? "none"}
                    pageResult={actionData}
                  />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="client-requests-heading">
        <h3 id="client-requests-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Support requests
        </h3>
        {complaints.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">No support requests from this client.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {complaints.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <Link to={href("/employee-dashboard/support/:id", { id: c.id })} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                  {c.subject}
                </Link>
                <span className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={isoDate(c.createdAt)}>{formatDate(c.createdAt)}</time>
                  <StatusBadge status={c.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/clients")} backLabel="Back to Clients" />;
}
