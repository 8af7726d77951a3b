import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { PipelineBadge } from "~/components/console/pipeline-badge";
import { StatusBadge } from "~/components/portal/status-badge";
import { leadStatusLabel } from "~/lib/schemas/quotes-staff";
import { Time } from "~/components/time";

// The company page's read-only sections: support requests, the lead(s) it came
// from, and its activity.

const box =
  "mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900";
const linkClass = "font-medium text-brand-700 hover:underline dark:text-brand-300";
const muted = "text-sm text-slate-600 dark:text-slate-400";

function Section({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {empty ? <p className="mt-2 text-slate-600 dark:text-slate-400">{empty}</p> : children}
    </section>
  );
}

export function CompanyRequests({ requests }: { requests: { id: string; subject: string; status: string; createdAt: number }[] }) {
  return (
    <Section
      id="company-requests-heading"
      title="Support requests"
      empty={requests.length === 0 ? "No support requests from this company." : null}
    >
      <ul className={box}>
        {requests.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <Link to={href("/employee-dashboard/support/:id", { id: r.id })} className={linkClass}>
              {r.subject}
            </Link>
            <span className={`flex items-center gap-3 ${muted}`}>
              <Time at={r.createdAt} />
              <StatusBadge status={r.status} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function CompanyLeads({ leads }: { leads: { id: string; name: string; email: string; status: string; submittedAt: number }[] }) {
  return (
    <Section
      id="company-leads-heading"
      title="Came from"
      empty={leads.length === 0 ? "Not from a lead: this company was created directly." : null}
    >
      <ul className={box}>
        {leads.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <span>
              <Link to={href("/employee-dashboard/leads/:id", { id: l.id })} className={linkClass}>
                Lead from {l.name}
              </Link>
              <span className={`block break-all ${muted}`}>{l.email}</span>
            </span>
            <span className={`flex items-center gap-3 ${muted}`}>
              <Time at={l.submittedAt} />
              <PipelineBadge value={l.status} label={leadStatusLabel(l.status)} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const ACTIONS: Record<string, string> = {
  "company.create": "created the company",
  "company.update": "edited the details",
  "company.close": "closed the company",
  "company.reopen": "reopened the company",
  "company.member-admin": "changed a member's client admin switch",
  "company.member-remove": "removed a member",
  // An anonymised company keeps its page; the row says what happened, not what was there.
  "erasure.anonymise": "anonymised the company",
};

function describe(entry: { action: string; entity: string; detail: Record<string, unknown> }): string {
  const known = ACTIONS[entry.action];
  const email = typeof entry.detail.email === "string" ? ` (${entry.detail.email})` : "";
  if (known) return `${known}${email}`;
  return entry.entity === "project" ? `project: ${entry.action.replace(/^project\./, "")}` : entry.action;
}

export function CompanyActivity({
  activity,
}: {
  activity: { id: string; actorEmail: string; action: string; entity: string; detail: Record<string, unknown>; createdAt: number }[];
}) {
  return (
    <Section id="company-activity-heading" title="Activity" empty={activity.length === 0 ? "Nothing recorded yet." : null}>
      <ol className={box} aria-label="Latest changes, newest first">
        {activity.map((a) => (
          <li key={a.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm text-slate-800 dark:text-slate-200">
            <span>
              <span className="font-medium break-all">{a.actorEmail}</span> {describe(a)}
            </span>
            <Time at={a.createdAt} withTime className={muted} />
          </li>
        ))}
      </ol>
    </Section>
  );
}
