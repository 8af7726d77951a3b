import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { UNREAD_CAP } from "~/lib/schemas/notifications";
import type { NotificationView } from "~/lib/notification-types";
import { NotificationItem } from "./notification-item";

// The bell in the portal's and the console's header. Without JavaScript it is a
// link to the notifications page; with it, a disclosure listing the most recent ones. The count
// updates live (the layout revalidates on the stream's "notifications" event, decision 0041).

export const READ_ACTION = "/notifications/read";
const noSubscription = () => () => {};

export function bellLabel(unread: number): string {
  if (unread > UNREAD_CAP) return `Notifications, more than ${UNREAD_CAP} unread`;
  return unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
}

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function Badge({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
    >
      {unread > UNREAD_CAP ? `${UNREAD_CAP}+` : unread}
    </span>
  );
}

const buttonClass =
  "relative inline-flex items-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 dark:text-slate-200 dark:hover:bg-slate-800";

export function NotificationBell({ unread, recent, pagePath }: { unread: number; recent: NotificationView[]; pagePath: string }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { pathname, search } = useLocation();
  // Open on the page it was opened on: leaving the page (a notification, "See all") closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const fetcher = useFetcher();

  useEffect(() => {
    if (!open) return;
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      button.current?.focus();
    }
    function onPointer(event: PointerEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpenOn(null);
    }
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const live = (
    <span className="sr-only" aria-live="polite" role="status">
      {unread === 0 ? "" : `${unread > UNREAD_CAP ? `More than ${UNREAD_CAP}` : unread} unread notifications`}
    </span>
  );
  if (!hydrated) {
    return (
      <div className="relative">
        <Link to={pagePath} className={buttonClass} aria-label={bellLabel(unread)} data-testid="notification-bell">
          <BellIcon />
          <Badge unread={unread} />
        </Link>
        {live}
      </div>
    );
  }
  return (
    <div className="relative" ref={root}>
      <button
        ref={button}
        type="button"
        className={buttonClass}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        <BellIcon />
        <Badge unread={unread} />
      </button>
      {live}
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Notifications</h2>
          {unread > 0 ? (
            <fetcher.Form method="post" action={READ_ACTION}>
              <input type="hidden" name="intent" value="all" />
              {recent[0] ? <input type="hidden" name="upTo" value={recent[0].createdAt} /> : null}
              <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
              <button type="submit" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
                Mark all as read
              </button>
            </fetcher.Form>
          ) : null}
        </div>
        {recent.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600 dark:text-slate-400">No notifications yet.</p>
        ) : (
          <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-700">
            {recent.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} compact />
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-200 px-4 py-2 text-right dark:border-slate-700">
          <Link to={pagePath} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            See all
          </Link>
        </div>
      </div>
    </div>
  );
}
