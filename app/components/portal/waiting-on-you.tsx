import { milestoneStatusLabel } from "~/lib/milestones";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { thingHref } from "~/lib/activity-links";
import { complaintLink, portalInvoiceLink } from "~/lib/links";
import { formatMinorUnits } from "~/lib/money-format";
import { usePlace } from "~/lib/use-place";
import type { WaitingOnYou as WaitingOnYouView } from "~/lib/waiting-on-you";
import { Time, CalendarTime } from "~/components/time";

const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
const metaClass = "text-sm text-slate-600 dark:text-slate-400";

function Group({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h3 id={id} className="font-semibold text-slate-900 dark:text-white">
        {title}{" "}
        <span className="ml-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800 tabular-nums dark:bg-brand-900/60 dark:text-brand-100">
          {count}
        </span>
      </h3>
      <ul className="mt-3 space-y-3">{children}</ul>
    </section>
  );
}

/**
 * The top of the portal's first screen — what the company's projects need from the
 * member now, each item a link to where they act. Reloads live with the portal layout's stream.
 */
export function WaitingOnYou({ loaded }: { loaded: { waiting: WaitingOnYouView; since: number } | null }) {
  const { locale } = usePlace();
  if (!loaded) {
    return (
      <section aria-labelledby="waiting-heading" className="mb-8">
        <h2 id="waiting-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Waiting on you
        </h2>
        <p
          role="alert"
          className="mt-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          We could not load what is waiting on you. Reload the page to try again.
        </p>
      </section>
    );
  }
  const { waiting, since } = loaded;
  const { approvals, replies, files, moreFiles, milestones, owed } = waiting;
  const empty = approvals.length + replies.length + files.length + milestones.length + owed.length === 0;
  return (
    <section aria-labelledby="waiting-heading" className="mb-8">
      <h2 id="waiting-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Waiting on you
      </h2>
      {empty ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nothing is waiting on you right now. Approvals, replies from our team, new files, milestones due soon and invoices to pay will
          show here.
        </p>
      ) : (
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          {owed.length > 0 ? (
            <Group id="waiting-owed" title="What you owe" count={owed.length}>
              {owed.map((o) => (
                <li key={o.id}>
                  <Link to={portalInvoiceLink(o.id)} className={linkClass}>
                    {`Invoice ${o.number}`}
                  </Link>{" "}
                  <span className="tabular-nums">{formatMinorUnits(o.balance, o.currency, locale)}</span>
                  <p className={metaClass}>
                    {o.overdue ? <strong className="text-red-700 dark:text-red-300">Overdue</strong> : "Due"}
                    {o.dueDate ? (
                      <>
                        {" "}
                        <CalendarTime date={o.dueDate} />
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </Group>
          ) : null}
          {approvals.length > 0 ? (
            <Group id="waiting-approvals" title="Approvals waiting" count={approvals.length}>
              {approvals.map((a) => (
                <li key={a.id}>
                  <Link
                    to={thingHref("client", a.projectId, {
                      type: "approval",
                      id: a.id,
                      on: a.subjectType === "file" ? "file" : "milestone",
                      onId: a.subjectId,
                    })}
                    className={linkClass}
                  >
                    {a.subjectTitle}
                  </Link>
                  <p className={metaClass}>
                    {a.projectTitle} · asked by {a.requestedByName} on <Time at={a.requestedAt} withTime />
                  </p>
                  {a.note ? <p className="text-sm text-slate-700 dark:text-slate-300">“{a.note}”</p> : null}
                </li>
              ))}
            </Group>
          ) : null}
          {replies.length > 0 ? (
            <Group id="waiting-replies" title="Replies not yet read" count={replies.length}>
              {replies.map((r) => (
                <li key={r.complaintId}>
                  <Link to={complaintLink("client", r.complaintId)} className={linkClass}>
                    {r.subject}
                  </Link>
                  <p className={metaClass}>
                    {r.unread === 1 ? "1 new reply" : `${r.unread} new replies`}, the latest on <Time at={r.lastReplyAt} withTime />
                  </p>
                </li>
              ))}
            </Group>
          ) : null}
          {files.length > 0 ? (
            <Group id="waiting-files" title="New files since your last visit" count={files.length + moreFiles}>
              {files.map((f) => (
                <li key={f.versionId}>
                  <Link to={thingHref("client", f.projectId, { type: "file", id: f.fileId })} className={linkClass}>
                    {f.name}
                  </Link>
                  {f.version > 1 ? (
                    <span className="ml-2 text-xs font-medium text-slate-600 dark:text-slate-400">version {f.version}</span>
                  ) : null}
                  <p className={metaClass}>
                    {f.projectTitle} · shared by {f.uploadedByName} on <Time at={f.createdAt} withTime />
                  </p>
                </li>
              ))}
              <li className="text-xs text-slate-600 dark:text-slate-400">
                Shared since <Time at={since} withTime />.
              </li>
              {moreFiles > 0 ? (
                <li className={metaClass}>
                  And {moreFiles === 1 ? "1 more file" : `${moreFiles} more files`}: see each project's Files tab.
                </li>
              ) : null}
            </Group>
          ) : null}
          {milestones.length > 0 ? (
            <Group id="waiting-milestones" title="Milestones due in the next 14 days" count={milestones.length}>
              {milestones.map((m) => (
                <li key={m.id}>
                  <Link to={thingHref("client", m.projectId, { type: "milestone", id: m.id })} className={linkClass}>
                    {m.title}
                  </Link>
                  <p className={metaClass}>
                    {m.projectTitle} · due <CalendarTime date={m.dueDate} /> · {milestoneStatusLabel(m.status)}
                  </p>
                </li>
              ))}
            </Group>
          ) : null}
        </div>
      )}
    </section>
  );
}
