import { href, Link } from "react-router";
import { OverdueMark, ProjectStatusBadge } from "~/components/project-status-badge";
import { isOverdue } from "~/lib/schemas/projects-staff";
import { CalendarTime } from "~/components/time";

export interface CompanyProject {
  id: string;
  title: string;
  status: string;
  progress: number;
  dueDate: string | null;
  ownerName: string | null;
  archived: boolean;
}

interface CompanyProjectsProps {
  companyId: string;
  /** listCompanyProjectsForStaff, archived ones included (shown last, marked). */
  projects: readonly CompanyProject[];
  /** The agency's date today (agencyToday) from the loader, so server and browser mark the same projects overdue. */
  today: string;
  /** A closed company takes no new projects. */
  closed?: boolean;
}

/** The company page's Projects section: each project links to its page; "New project" creates one. */
export function CompanyProjects({ companyId, projects, today, closed = false }: CompanyProjectsProps) {
  const ordered = [...projects.filter((p) => !p.archived), ...projects.filter((p) => p.archived)];
  return (
    <section aria-labelledby="company-projects-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="company-projects-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Projects
        </h3>
        {closed ? null : (
          <Link to={href("/employee-dashboard/clients/:id/projects/new", { id: companyId })} className="btn-primary">
            New project
          </Link>
        )}
      </div>
      {ordered.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-400">This company has no projects yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {ordered.map((p) => (
            <li key={p.id} className={`flex flex-wrap items-center justify-between gap-2 p-4 ${p.archived ? "opacity-75" : ""}`}>
              <span className="flex flex-wrap items-center gap-2">
                <Link
                  to={href("/employee-dashboard/projects/:id", { id: p.id })}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {p.title}
                </Link>
                <ProjectStatusBadge status={p.status} />
                {p.archived ? (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    Archived
                  </span>
                ) : null}
              </span>
              <span className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
                <span className="tabular-nums">{p.progress}%</span>
                <span>{p.ownerName ?? "No owner"}</span>
                {p.dueDate ? (
                  <span>
                    Due <CalendarTime date={p.dueDate} />
                    {!p.archived && isOverdue(p, today) ? <OverdueMark /> : null}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
