import { href, Link } from "react-router";
import type { Route } from "./+types/projects";
import { FilterSelect, ListFilters, SearchField } from "~/components/console/list-filters";
import { ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { ResultCount } from "~/components/console/result-count";
import { SectionError } from "~/components/console/section-error";
import { OverdueMark, ProjectStatusBadge } from "~/components/project-status-badge";
import { pageFrom } from "~/lib/pagination";
import { isOverdue, PROJECT_STATUSES, PROJECT_STATUS_LABELS, projectFilterFrom, projectFilterQuery } from "~/lib/schemas/projects-staff";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyToday } from "~/server/brand/locale.server";
import { listAllProjects, listOwnerOptions } from "~/server/models/projects/projects-staff-reads.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { CalendarTime } from "~/components/time";

const STATUS_OPTIONS = PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] }));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "clients");
  const url = new URL(request.url);
  const filter = projectFilterFrom(url.searchParams);
  const { page, limit, offset } = pageFrom(url);
  const today = await agencyToday();
  const [{ projects, total }, owners] = await Promise.all([
    listAllProjects(filter, { limit, offset }, today, await companyScope(user)),
    listOwnerOptions(),
  ]);
  return {
    filter,
    page,
    total,
    today,
    owners,
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      companyId: p.companyId,
      companyName: p.companyName,
      status: p.status,
      progress: p.progress,
      dueDate: p.dueDate,
      ownerName: p.ownerId ? p.ownerName?.trim() || p.ownerEmail : null,
    })),
  };
}

export function meta() {
  return [{ title: "Projects | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function ConsoleProjects({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["projects"]);
  const { filter, projects, page, total, today, owners } = loaderData;
  const filtered = Object.keys(filter).length > 0;
  const ownerOptions = [{ value: "none", label: "No owner" }, ...owners.map((o) => ({ value: o.id, label: o.name }))];
  return (
    <ConsoleListPage
      headingId="projects-heading"
      title={filter.archived ? "Archived projects" : "Projects"}
      action={
        <a href={`${href("/employee-dashboard/projects/export")}${projectFilterQuery(filter)}`} className="btn-secondary" download>
          Export CSV<span className="sr-only"> of the projects shown</span>
        </a>
      }
    >
      <ListFilters
        role="search"
        label="Search projects"
        gap="gap-3"
        submitLabel="Apply"
        clearTo={filtered ? href("/employee-dashboard/projects") : undefined}
      >
        <SearchField
          id="projects-q"
          label="Search title, description or company"
          defaultValue={filter.q ?? ""}
          maxLength={200}
          className="min-w-56 flex-1"
        />
        <FilterSelect
          id="projects-status"
          name="status"
          label="Status"
          defaultValue={filter.status ?? ""}
          allLabel="All statuses"
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          id="projects-owner"
          name="owner"
          label="Owner"
          defaultValue={filter.owner ?? ""}
          allLabel="Anyone"
          options={ownerOptions}
        />
        <div className="flex flex-col gap-1 pb-2 text-sm text-slate-900 dark:text-slate-100">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="overdue" value="1" defaultChecked={filter.overdue} /> Overdue only
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" name="archived" value="1" defaultChecked={filter.archived} /> Archived
          </label>
        </div>
      </ListFilters>
      <ResultCount total={total} singular="project" plural="projects" detail={filtered ? " match" : ""} announce="status" />
      <ListTable
        caption="Projects, newest first"
        columns={["Project", "Company", "Status", "Progress", "Due", "Owner"]}
        items={projects}
        empty={filtered ? "No projects match these filters." : "No projects yet. Create one from a company's page."}
        row={(p) => (
          <tr key={p.id} className="border-t border-slate-200 align-top dark:border-slate-800">
            <th scope="row" className="py-3 pr-4 font-semibold">
              <Link
                to={href("/employee-dashboard/projects/:id", { id: p.id })}
                className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {p.title}
              </Link>
            </th>
            <td className="py-3 pr-4">
              {p.companyId ? (
                <Link to={href("/employee-dashboard/clients/:id", { id: p.companyId })} className="underline-offset-2 hover:underline">
                  {p.companyName}
                </Link>
              ) : (
                "—"
              )}
            </td>
            <td className="py-3 pr-4">
              <ProjectStatusBadge status={p.status} />
            </td>
            <td className="py-3 pr-4 tabular-nums">{p.progress}%</td>
            <td className="py-3 pr-4 whitespace-nowrap">
              {p.dueDate ? <CalendarTime date={p.dueDate} /> : "—"}
              {isOverdue(p, today) ? <OverdueMark /> : null}
            </td>
            <td className="py-3">{p.ownerName ?? <span className="text-slate-600 dark:text-slate-400">No owner</span>}</td>
          </tr>
        )}
      />
      <Pager page={page} total={total} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/projects")} backLabel="Back to Projects" />;
}
