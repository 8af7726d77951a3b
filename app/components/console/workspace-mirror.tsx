import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { thingHref } from "~/lib/activity-links";
import type { OwnerWork } from "~/lib/owner-work";
import { Time, CalendarTime } from "~/components/time";

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";
const metaClass = "text-sm text-slate-600 dark:text-slate-400";
const DECISIONS: Record<string, string> = { approved: "Approved", changes_requested: "Changes requested" };

const overdueProjectsOf = (ownerId: string) =>
  `${href("/employee-dashboard/projects")}?${new URLSearchParams({ owner: ownerId, overdue: "1" }).toString()}`;

const where = (row: { projectTitle: string; companyName: string | null }) =>
  row.companyName ? `${row.companyName} · ${row.projectTitle}` : row.projectTitle;

function Kind({ title, count, more, children }: { title: string; count: number; more: ReactNode; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <div>
      <h5 className="text-sm font-semibold text-slate-800 dark:text-slate-200">
        {title} ({count})
      </h5>
      <ul className="mt-2 space-y-2">{children}</ul>
      {more}
    </div>
  );
}

/** "And 12 more", with where to find them. */
function More({ count, singular, plural, children }: { count: number; singular: string; plural: string; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <p className={`mt-2 ${metaClass}`}>
      And {count === 1 ? `1 more ${singular}` : `${count} more ${plural}`}: {children}
    </p>
  );
}

/**
 * The console's mirror of the portal's "Waiting on you" — decisions received and
 * client uploads of the last 7 days, and overdue milestones, per project owner (the viewer first).
 */
export function WorkspaceMirror({ owners, viewerId }: { owners: OwnerWork[]; viewerId: string }) {
  return (
    <section aria-labelledby="client-work-heading" className="mt-8">
      <h3 id="client-work-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Client work
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Decisions and uploads from clients in the last 7 days, and milestones past their due date.
      </p>
      {owners.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No decisions, client uploads or overdue milestones.
        </p>
      ) : (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {owners.map((owner) => (
            <section
              key={owner.ownerId ?? "none"}
              aria-labelledby={`owner-${owner.ownerId ?? "none"}`}
              className="space-y-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
            >
              <h4 id={`owner-${owner.ownerId ?? "none"}`} className="font-semibold text-slate-900 dark:text-white">
                {owner.ownerName}
                {owner.ownerId === viewerId ? (
                  <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-400">(your projects)</span>
                ) : null}
              </h4>
              <Kind
                title="Decisions received"
                count={owner.decisions.length + owner.more.decisions}
                more={
                  <More count={owner.more.decisions} singular="decision" plural="decisions">
                    see each project&rsquo;s page
                  </More>
                }
              >
                {owner.decisions.map((d) => (
                  <li key={d.id}>
                    <Link
                      to={thingHref("staff", d.projectId, {
                        type: "approval",
                        id: d.id,
                        on: d.subjectType === "file" ? "file" : "milestone",
                        onId: d.subjectId,
                      })}
                      className={linkClass}
                    >
                      {DECISIONS[d.status] ?? d.status}: {d.subjectTitle}
                    </Link>
                    <p className={metaClass}>
                      {where(d)} · {d.decidedByName}, <Time at={d.decidedAt} withTime />
                    </p>
                    {d.comment ? <p className="text-sm text-slate-700 dark:text-slate-300">“{d.comment}”</p> : null}
                  </li>
                ))}
              </Kind>
              <Kind
                title="Client uploads"
                count={owner.uploads.length + owner.more.uploads}
                more={
                  <More count={owner.more.uploads} singular="upload" plural="uploads">
                    see each project&rsquo;s Files tab
                  </More>
                }
              >
                {owner.uploads.map((u) => (
                  <li key={u.versionId}>
                    <Link to={thingHref("staff", u.projectId, { type: "file", id: u.fileId })} className={linkClass}>
                      {u.name}
                      {u.version > 1 ? ` (version ${u.version})` : ""}
                    </Link>
                    <p className={metaClass}>
                      {where(u)} · {u.uploadedByName}, <Time at={u.createdAt} withTime />
                    </p>
                  </li>
                ))}
              </Kind>
              <Kind
                title="Overdue milestones"
                count={owner.overdue.length + owner.more.overdue}
                more={
                  <More count={owner.more.overdue} singular="overdue milestone" plural="overdue milestones">
                    {owner.ownerId ? (
                      <Link to={overdueProjectsOf(owner.ownerId)} className={linkClass}>
                        see {owner.ownerId === viewerId ? "your" : "their"} overdue projects
                      </Link>
                    ) : (
                      "see each project’s milestones"
                    )}
                  </More>
                }
              >
                {owner.overdue.map((m) => (
                  <li key={m.id}>
                    <Link to={thingHref("staff", m.projectId, { type: "milestone", id: m.id })} className={linkClass}>
                      {m.title}
                    </Link>
                    <p className={metaClass}>
                      {where(m)} · was due <CalendarTime date={m.dueDate} />
                    </p>
                  </li>
                ))}
              </Kind>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
