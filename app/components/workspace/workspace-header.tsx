import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProjectTabs } from "./project-tabs";
import { companyLink, projectsLink } from "~/lib/links";
import type { Side } from "~/lib/side";

// Every tab of a project's workspace opens the same way — the way back, the project's
// name, its tabs — so moving between tabs never shifts the page. The portal's page has no other
// h1, so the project's name is its h1; the console's h1 is its layout's "Employee Dashboard".

interface WorkspaceHeaderProps {
  audience: Side;
  project: { id: string; title: string; companyId?: string | null; companyName?: string | null; archived?: boolean };
  /** The id the page's <section aria-labelledby> points at. */
  headingId: string;
  /** Shown beside the name, e.g. the project's status badge. */
  badges?: ReactNode;
  /** Shown under the tabs, e.g. a message about the last change. */
  children?: ReactNode;
}

const backLink = "text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

export function WorkspaceHeader({ audience, project, headingId, badges, children }: WorkspaceHeaderProps) {
  const Heading = audience === "client" ? "h1" : "h2";
  return (
    <div className="space-y-4">
      <nav aria-label="Back" className="flex flex-wrap gap-4 text-sm font-medium">
        {audience === "client" ? (
          <Link to={projectsLink("client")} className={backLink}>
            ← My Projects
          </Link>
        ) : (
          <Link to={projectsLink("staff")} className={backLink}>
            ← All projects
          </Link>
        )}
        {audience === "staff" && project.companyId ? (
          <Link to={companyLink(project.companyId)} className={backLink}>
            Company: {project.companyName}
          </Link>
        ) : null}
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <Heading id={headingId} className="text-2xl font-bold text-slate-900 dark:text-white">
          {project.title}
        </Heading>
        {badges}
        {project.archived ? (
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            Archived
          </span>
        ) : null}
      </div>
      <ProjectTabs audience={audience} projectId={project.id} title={project.title} />
      {children}
    </div>
  );
}
