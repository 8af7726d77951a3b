import { useState } from "react";
import { useFetcher } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { CALENDAR_FEED_ACTION, type CalendarFeedView } from "~/lib/calendar-feed";
import type { FormResult } from "~/lib/form-result";
import { useHydrated } from "~/lib/use-hydrated";
import { useDates } from "~/lib/use-place";
import { SettingRow } from "./setting-row";

/** One button posting an intent to the calendar feed's action; a failed request shows beside it. */
function FeedButton({ intent, label, busyLabel }: { intent: "make" | "remove"; label: string; busyLabel: string }) {
  const fetcher = useFetcher<FormResult>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={CALENDAR_FEED_ACTION} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn-secondary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <FormError message={!busy && fetcher.data?.status === "error" ? fetcher.data.message : undefined} />
    </fetcher.Form>
  );
}

/**
 * "Calendar feed" (decision 0106): a private address calendar apps subscribe to, with the due
 * dates this person sees signed in. Plain forms, so it works without JavaScript; copying the
 * address is a button when scripts run, and the address is selectable text either way.
 */
export function CalendarFeedSetting({ feed, audience }: { feed: CalendarFeedView | null; audience: "client" | "staff" }) {
  const { formatDateTime } = useDates();
  const [copied, setCopied] = useState<boolean | null>(null);
  // Copying needs script; without it the address is still there to select.
  const hydrated = useHydrated();
  const what =
    audience === "client"
      ? "your projects' milestones and due dates, and invoices when you handle billing"
      : "the milestones, project due dates and invoices your console sections show";
  return (
    <SettingRow
      title="Calendar feed"
      detail={`A private address for Google Calendar, Outlook or Apple Calendar ("subscribe by URL"): ${what}. Anyone with the address can read it: make a new one if it leaks.`}
    >
      {feed ? (
        <div className="w-full space-y-3" data-testid="calendar-feed">
          <label htmlFor="calendar-feed-url" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Calendar address
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={feed.url}
            className="field-input w-full font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {feed.lastUsedAt ? `Last read by a calendar app ${formatDateTime(feed.lastUsedAt)}.` : "Not read by a calendar app yet."}
          </p>
          <div className="flex flex-wrap items-start gap-3">
            {hydrated ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() =>
                  void navigator.clipboard.writeText(feed.url).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                Copy address
              </button>
            ) : null}
            <FeedButton intent="make" label="Make a new address" busyLabel="Making..." />
            <FeedButton intent="remove" label="Turn off" busyLabel="Turning off..." />
            <span role="status" aria-live="polite" className="self-center text-sm text-slate-700 dark:text-slate-300">
              {copied === true ? "Copied." : copied === false ? "Could not copy: select the address and copy it." : ""}
            </span>
          </div>
        </div>
      ) : (
        <FeedButton intent="make" label="Make a calendar address" busyLabel="Making..." />
      )}
    </SettingRow>
  );
}
