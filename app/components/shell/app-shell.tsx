import type { ReactNode } from "react";
import { Link } from "react-router";
import { SiteMark } from "~/components/brand-logo";
import { CloseIcon, MenuIcon } from "~/components/portal/icons";
import { useBrand } from "~/lib/use-brand";
import { AvatarMenu } from "./avatar-menu";
import { RailToggle } from "./rail-toggle";
import { SidebarNav, type ShellNavItem } from "./sidebar-nav";
import { useDrawer } from "./use-drawer";

export interface AppShellProps {
  /** The sidebar navigation's accessible name ("Dashboard", "Console sections"). */
  navLabel: string;
  items: readonly ShellNavItem[];
  /** Left of the top bar: the app's name. */
  title: ReactNode;
  /** Right of the top bar, before the avatar: the bell and any fixed buttons. */
  actions?: ReactNode;
  /** The top bar's search (compact below 768 px: it draws both sizes); nothing is drawn for it until there is one. */
  search?: ReactNode;
  /** Below the sidebar's links. */
  sidebarFooter?: ReactNode;
  email: string;
  /** The avatar menu's first item: where this person's account lives. */
  account: { to: string; label: string };
  /** Whether the sidebar may shrink to a rail at 768 px and wider (the console; never the portal, SPEC §2). */
  rail?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}

const DRAWER_ID = "app-sidebar";

/**
 * The one shell of the portal and the console (decision 0077). SPEC §2: at 768 px and wider the
 * sidebar is always open; narrower it hides behind a menu button with an overlay, and choosing a
 * link closes it.
 */
export function AppShell(props: AppShellProps) {
  const brand = useBrand();
  const { open, setOpen, button, drawer } = useDrawer();
  const railWidth = props.rail ? "md:rail:w-16" : "";
  return (
    <div className="flex flex-1 flex-col md:flex-row">
      {open ? (
        <div className="fixed inset-x-0 top-15 bottom-0 z-30 bg-slate-950/60 md:hidden" aria-hidden="true" onClick={() => setOpen(false)} />
      ) : null}
      <aside
        ref={drawer}
        id={DRAWER_ID}
        // Without JavaScript the menu button cannot open the drawer: below 768 px the sidebar then
        // stands above the page, open, so the links exist once in the markup for both cases.
        className={`${open ? "fixed top-15 bottom-0 left-0 z-40 flex shadow-xl" : "hidden"} w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r border-slate-200 bg-white p-3 max-md:noscript:static max-md:noscript:flex max-md:noscript:w-full max-md:noscript:border-r-0 max-md:noscript:border-b md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shadow-none dark:border-slate-800 dark:bg-slate-900 ${railWidth}`}
      >
        <Link
          to="/"
          className="flex h-9 shrink-0 items-center gap-2 overflow-hidden px-2 font-bold text-slate-900 md:rail:px-1 md:rail:[&_span]:sr-only dark:text-white"
        >
          <SiteMark name={brand.shortName} height={28} />
        </Link>
        <div className="flex-1">
          <SidebarNav label={props.navLabel} items={props.items} onChoose={() => setOpen(false)} />
        </div>
        {props.sidebarFooter ? (
          <div className="space-y-1 border-t border-slate-200 pt-3 md:rail:hidden dark:border-slate-700">{props.sidebarFooter}</div>
        ) : null}
        {props.rail ? <RailToggle /> : null}
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-50 flex h-15 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-950/95">
          <button
            ref={button}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 noscript:hidden md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            aria-label={open ? "Close dashboard menu" : "Open dashboard menu"}
            onClick={() => setOpen(!open)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
          <div className="min-w-0 flex-1">{props.title}</div>
          {/* Narrow screens get the search's compact form (an icon); wider, it takes the room left. */}
          {props.search ? <div className="shrink-0 md:flex md:flex-1 md:justify-center">{props.search}</div> : null}
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            {props.actions}
            <AvatarMenu email={props.email} account={props.account} />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 md:px-8 md:py-8">
          {props.children}
        </main>
        {props.footer}
      </div>
    </div>
  );
}
