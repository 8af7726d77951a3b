import type { ReactNode } from "react";
import { Link } from "react-router";

/** A quiet link below the sidebar's navigation ("Website home"). */
export function SidebarLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {children}
    </Link>
  );
}
