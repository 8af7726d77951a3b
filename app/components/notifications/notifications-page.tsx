import { Form, Link, useLocation } from "react-router";
import { FilterSelect, ListFilters } from "~/components/console/list-filters";
import { Pager } from "~/components/console/pager";
import { ResultCount } from "~/components/console/result-count";
import { NOTIFICATION_LABELS, type NotificationType } from "~/lib/notification-types";
import { READ_ACTION } from "./notification-bell";
import type { NotificationView } from "~/lib/notification-types";
import { NotificationItem } from "./notification-item";

// The full notifications page, the same for clients and staff. Filters are a GET
// form; marking read posts to /notifications/read and comes back here (303), with or without JS.

interface Props {
  path: string;
  types: readonly NotificationType[];
  filter: { type: string; unreadOnly: boolean };
  page: number;
  total: number;
  unread: number;
  notifications: NotificationView[];
  /** The newest notification's time when the page loaded: "Mark all" marks up to it. */
  newestAt: number | null;
}

function MarkButton({
  intent,
  id,
  upTo,
  returnTo,
  children,
}: {
  intent: "one" | "all";
  id?: string;
  upTo?: number | null;
  returnTo: string;
  children: string;
}) {
  return (
    <Form method="post" action={READ_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {upTo ? <input type="hidden" name="upTo" value={upTo} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className={intent === "all" ? "btn-secondary" : "text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"}
      >
        {children}
      </button>
    </Form>
  );
}

export function NotificationsPage({ path, types, filter, page, total, unread, notifications, newestAt }: Props) {
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const filtered = Boolean(filter.type || filter.unreadOnly);
  return (
    <section aria-labelledby="notifications-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="notifications-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Notifications
        </h2>
        {unread > 0 ? (
          <MarkButton intent="all" upTo={newestAt} returnTo={here}>
            Mark all as read
          </MarkButton>
        ) : null}
      </div>
      <ListFilters label="Filter notifications" gap="gap-3" submitLabel="Apply" clearTo={filtered ? path : undefined}>
        <FilterSelect
          id="notifications-type"
          name="type"
          label="Type"
          defaultValue={filter.type}
          allLabel="All types"
          options={types.map((t) => ({ value: t, label: NOTIFICATION_LABELS[t] }))}
        />
        <div className="flex items-center gap-2 pb-2">
          <input id="notifications-unread" type="checkbox" name="unread" value="1" defaultChecked={filter.unreadOnly} className="h-4 w-4" />
          <label htmlFor="notifications-unread" className="text-sm text-slate-700 dark:text-slate-300">
            Unread only
          </label>
        </div>
      </ListFilters>
      <ResultCount total={total} singular="notification" plural="notifications" detail={filtered ? " match" : ""} announce="status" />
      {notifications.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {filtered ? (
            <p>
              No notifications match these filters.{" "}
              <Link to={path} className="text-brand-700 underline dark:text-brand-300">
                Show all
              </Link>
            </p>
          ) : (
            <p>No notifications yet. News about your work will show up here.</p>
          )}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {notifications.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-2">
              <div className="min-w-0 flex-1">
                <NotificationItem item={item} />
              </div>
              {item.readAt === null ? (
                <div className="shrink-0 px-4 py-3">
                  <MarkButton intent="one" id={item.id} returnTo={here}>
                    Mark read
                  </MarkButton>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={total} />
    </section>
  );
}
