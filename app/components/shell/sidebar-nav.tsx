import { NavLink } from "react-router";
import type { NavIconName } from "~/lib/nav-icons";
import { NavIcon } from "./nav-icons";

export interface ShellNavItem {
  to: string;
  label: string;
  icon: NavIconName;
  /** Active only on its own path, not on the paths below it (an index such as Overview or Profile). */
  end?: boolean;
}

function itemClass({ isActive }: { isActive: boolean }) {
  return `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors md:rail:justify-center md:rail:px-0 ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
  }`;
}

/**
 * The sidebar's links: icon and name. As a rail (console, decision 0077) the name is only read out,
 * and shown as the link's tooltip. NavLink marks the current one with aria-current="page".
 */
export function SidebarNav({ label, items, onChoose }: { label: string; items: readonly ShellNavItem[]; onChoose?: () => void }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={itemClass} onClick={onChoose} title={item.label}>
              <NavIcon name={item.icon} />
              <span className="truncate md:rail:sr-only">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
