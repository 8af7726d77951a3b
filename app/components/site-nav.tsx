import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useBrand } from "~/lib/use-brand";
import { navLinks } from "~/lib/paths";
import { SiteMark } from "./brand-logo";
import { HomeDashboardToggle } from "./home-dashboard-toggle";
import { ThemeSwitch } from "./theme-switch";

function linkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "text-brand-700 dark:text-brand-300" : "text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
  }`;
}

interface NavUser {
  email: string;
  homeDashboard: boolean;
}

/** The nav's links (and, signed in, the home-dashboard toggle) as one list. */
function NavItems({
  className,
  linkClass,
  user,
  pathname,
}: {
  className: string;
  linkClass: (state: { isActive: boolean }) => string;
  user: NavUser | null;
  pathname: string;
}) {
  const links = [...navLinks, user ? { to: "/dashboard", label: "Dashboard" } : { to: "/login", label: "Login / Register" }];
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end={l.to === "/"} className={linkClass}>
            {l.label}
          </NavLink>
        </li>
      ))}
      {user ? (
        <li>
          <HomeDashboardToggle on={user.homeDashboard} pathname={pathname} />
        </li>
      ) : null}
    </ul>
  );
}

export function SiteNav({ user }: { user: NavUser | null }) {
  const { pathname } = useLocation();
  const brand = useBrand();
  // The menu remembers the page it was opened on, so navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") setOpenOn(null);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const onQuote = pathname === "/quote";

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="container-page flex h-16 items-center gap-2">
        <nav aria-label="Main" className="flex flex-1 items-center justify-between">
          <Link to="/" className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
            <SiteMark name={brand.shortName} height={32} />
          </Link>
          <NavItems className="hidden items-center gap-1 lg:flex" linkClass={linkClass} user={user} pathname={pathname} />
        </nav>
        {/* The call to action is not a place in the site, so it sits beside the navigation, not in it;
            on phones it moves into the menu, where it has the room to keep its words. */}
        {onQuote ? null : (
          <Link to="/quote" className="btn-primary ml-2 hidden px-4 py-2 sm:inline-flex">
            Get a Free Quote
          </Link>
        )}
        <ThemeSwitch />
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 lg:hidden dark:text-slate-200"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen(!open)}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      {/* The menu's links exist only while it is open: every page would otherwise render (and
          hydrate) each nav link twice, once hidden. */}
      <div id={menuId} hidden={!open} className="border-t border-slate-200 lg:hidden dark:border-slate-800">
        {open ? (
          <div className="container-page py-2">
            <NavItems className="flex flex-col" linkClass={(s) => `block ${linkClass(s)}`} user={user} pathname={pathname} />
            {onQuote ? null : (
              <Link to="/quote" className="btn-primary my-2 w-full sm:hidden">
                Get a Free Quote
              </Link>
            )}
          </div>
        ) : null}
      </div>
    </header>
  );
}
