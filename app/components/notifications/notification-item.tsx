import { Link, useFetcher } from "react-router";
import { NOTIFICATION_LABELS, type NotificationView } from "~/lib/notification-types";
import { Time } from "~/components/time";

// One notification: what (title, body), who (actor), when, and a link to the thing. Opening an
// unread one marks it read on the way (POST /notifications/read, 303 to the link); without
// JavaScript the link simply opens and the page's "Mark read" button remains.

export function NotificationItem({ item, compact = false }: { item: NotificationView; compact?: boolean }) {
  const fetcher = useFetcher();
  const unread = item.readAt === null;
  return (
    <div className={`flex gap-3 px-4 py-3 ${unread ? "bg-brand-50/60 dark:bg-brand-500/10" : ""}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? "bg-brand-600 dark:bg-brand-300" : "bg-transparent"}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={item.link}
          className="block text-sm font-medium text-slate-900 hover:underline dark:text-white"
          onClick={(event) => {
            if (!unread || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            void fetcher.submit({ intent: "one", id: item.id, returnTo: item.link }, { method: "post", action: "/notifications/read" });
          }}
        >
          {unread ? <span className="sr-only">Unread: </span> : null}
          {item.title}
        </Link>
        {item.body && !compact ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">{item.body}</p> : null}
        {item.body && compact ? <p className="mt-0.5 line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{item.body}</p> : null}
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {NOTIFICATION_LABELS[item.type] ?? item.type}
          {item.actorName ? ` · ${item.actorName}` : ""} · <Time at={item.createdAt} withTime />
        </p>
      </div>
    </div>
  );
}
