import { data, href, Link } from "react-router";
import type { Route } from "./+types/project-new";
import { ProjectForm } from "~/components/console/project-form";
import { SectionError } from "~/components/console/section-error";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { requireIntent } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { getCompany } from "~/server/models/companies/companies.server";
import { listOwnerOptions } from "~/server/models/projects/projects-staff-reads.server";
import { saveProjectForm } from "./project-form.server";

/** The company the project is for, when the viewer may see it (decision 0105); else 404. */
async function companyOr404(user: { id: string }, id: string) {
  const company = await getCompany({ id, scope: await companyScope(user) });
  if (!company) throw data("There is no company with this id.", { status: 404, statusText: "Company not found" });
  return company;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const company = await companyOr404(user, params.id);
  return { company: { id: company.id, name: company.name, closed: company.closedAt !== null }, owners: await listOwnerOptions() };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  // The model refuses a company the viewer may not see as one that does not exist.
  const formData = await readForm(request);
  requireIntent(formData, ["save"]);
  return saveProjectForm(user, formData, { companyId: params.id });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `New project | ${loaderData?.company.name ?? "Company"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  const { company, owners } = loaderData;
  return (
    <section aria-labelledby="new-project-heading">
      <Link
        to={href("/employee-dashboard/clients/:id", { id: company.id })}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← {company.name}
      </Link>
      <h2 id="new-project-heading" className="mt-2 mb-6 text-2xl font-bold text-slate-900 dark:text-white">
        New project for {company.name}
      </h2>
      {company.closed ? (
        <p role="status" className="mb-6 max-w-3xl rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          This company is closed: reopen it before adding projects.
        </p>
      ) : null}
      <p className="mb-6 max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        Its progress follows the milestones you add; to set it by hand instead, choose “Set by hand” on its Milestones tab.
      </p>
      <ProjectForm
        formId="new-project"
        owners={owners}
        lastResult={actionData?.result}
        outcome={actionData}
        submitLabel="Create project"
        pendingLabel="Creating..."
        disabled={company.closed}
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
