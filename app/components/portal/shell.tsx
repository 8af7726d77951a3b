import { SiteMark } from "~/components/brand-logo";
import { CurrentHomeDashboardToggle } from "~/components/home-dashboard-toggle";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { href, Link, NavLink } from "react-router";
import { useBrand } from "~/lib/use-brand";
import { PORTAL_TABS } from "~/lib/portal";
import { CloseIcon, MenuIcon } from "./icons";

const SIDEBAR_ID = "portal-sidebar";

function tabClass({ isActive }: { isActive: boolean }) {
  return `block rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
  }`;
}

function TabList({ onChoose }: { onChoose?: () => void }) {
  return (
    <ul className="space-y-1">
      {PORTAL_TABS.map((tab) => (
        <li key={tab.to}>
          <NavLink to={tab.to} end={tab.to === href("/user-dashboard")} className={tabClass} onClick={onChoose}>
            {tab.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC §2: the sidebar is always open at 768 px and wider; narrower it hides behind a menu button
 * with an overlay, and choosing a tab closes it.
 */
export function PortalShell({ email, bell, children }: { email: string; bell?: ReactNode; children: ReactNode }) {
  const brand = useBrand();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    sidebar.current?.querySelector("a")?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:flex md:min-h-screen">
      <div className="relative z-50 flex h-15 items-center gap-3 border-b border-slate-200 bg-white px-4 md:hidden dark:border-slate-800 dark:bg-slate-950">
        <button
          ref={menuButton}
          type="button"
          className="rounded-md p-2 text-slate-700 dark:text-slate-200"
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          aria-label={open ? "Close dashboard menu" : "Open dashboard menu"}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <span className="font-semibold text-slate-900 dark:text-white">Client Portal</span>
      </div>
      {/* Without JavaScript the menu button cannot open the sidebar: list the tabs inline. */}
      <noscript>
        <nav aria-label="Dashboard" className="border-b border-slate-200 p-4 md:hidden dark:border-slate-800">
          <TabList />
        </nav>
      </noscript>
      {open ? (
        <div className="fixed inset-x-0 top-15 bottom-0 z-30 bg-slate-950/60 md:hidden" aria-hidden="true" onClick={() => setOpen(false)} />
      ) : null}
      <aside
        ref={sidebar}
        id={SIDEBAR_ID}
        className={`${open ? "fixed top-15 bottom-0 left-0 z-40 flex shadow-xl" : "hidden"} w-64 shrink-0 flex-col gap-6 border-r border-slate-200 bg-white p-4 md:static md:flex md:shadow-none dark:border-slate-800 dark:bg-slate-900`}
      >
        <Link to="/" className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
          <SiteMark name={brand.shortName} height={28} />
        </Link>
        <nav aria-label="Dashboard" className="flex-1">
          <TabList onChoose={() => setOpen(false)} />
        </nav>
        <div className="mb-3 space-y-1 border-t border-slate-200 pt-3 dark:border-slate-700">
          <CurrentHomeDashboardToggle />
          <Link to="/" className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:text-brand-700 dark:text-slate-300">
            Website home
          </Link>
        </div>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400" title={email}>
          Signed in as {email}
        </p>
      </aside>
      <div className="min-w-0 flex-1 px-4 py-8 md:px-10">
        {/* The notification bell, top right of every portal page. */}
        {bell ? <div className="-mt-4 mb-2 flex justify-end">{bell}</div> : null}
        {children}
      </div>
    </div>
  );
}
