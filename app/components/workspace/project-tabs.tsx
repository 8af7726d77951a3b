import { NavLink } from "react-router";
import { projectLink } from "~/lib/links";
import type { Side } from "~/lib/side";

// A project's workspace is a few pages, one per tab, so each loads only its own data and
// works without JavaScript. The same tabs in the portal and the console, named alike; staff get
// Milestones besides, where they edit what the client's Overview shows. Links, not an ARIA
// tablist, because each tab is a page of its own.

const TABS: Record<Side, Array<{ label: string; path: string }>> = {
  client: [
    { label: "Overview", path: "" },
    { label: "Files", path: "/files" },
    { label: "Activity", path: "/activity" },
  ],
  staff: [
    { label: "Overview", path: "" },
    { label: "Milestones", path: "/milestones" },
    { label: "Files", path: "/files" },
    { label: "Activity", path: "/activity" },
  ],
};

function projectBase(audience: Side, projectId: string): string {
  return projectLink(audience, projectId);
}

export function ProjectTabs({ audience, projectId, title }: { audience: Side; projectId: string; title: string }) {
  const base = projectBase(audience, projectId);
  return (
    <nav aria-label={`${title}: sections`} className="border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {TABS[audience].map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={base + tab.path}
              end
              className={({ isActive }) =>
                `inline-block rounded-t-lg border-b-2 px-4 py-2 text-sm font-medium ${
                  isActive
                    ? "border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
