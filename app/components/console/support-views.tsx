import { Link, useLocation } from "react-router";
import { SUPPORT_VIEWS, SUPPORT_VIEW_LABELS, type SupportView } from "~/lib/support-desk";

/** All / Mine / Unassigned, as links that keep the list's other filters. */
export function SupportViews({ current }: { current: SupportView }) {
  const { pathname, search } = useLocation();
  const to = (view: SupportView) => {
    const params = new URLSearchParams(search);
    params.set("view", view);
    params.delete("page");
    return `${pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label="Support views" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {SUPPORT_VIEWS.map((view) => (
          <li key={view}>
            <Link
              to={to(view)}
              aria-current={view === current ? "page" : undefined}
              className={`inline-block rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${
                view === current
                  ? "bg-brand-700 text-white ring-brand-700 dark:bg-brand-500 dark:ring-brand-500"
                  : "text-slate-700 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
              }`}
            >
              {SUPPORT_VIEW_LABELS[view]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
