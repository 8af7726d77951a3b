import { Form, href, Link } from "react-router";
import type { Route } from "./+types/audit";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { auditRecordPath, describeAuditDetail } from "~/lib/audit-links";
import { pageFrom } from "~/lib/pagination";
import { listAudit, listAuditEntities } from "~/server/models/shared/audit.server";
import { requireStaff } from "~/server/auth/session.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { RuledTableHead } from "~/components/console/list-table";
import { Time } from "~/components/time";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "audit");
  const url = new URL(request.url);
  const { page, limit, offset } = pageFrom(url);
  const raw = url.searchParams.get("entity") ?? "";
  const entity = /^[a-z][a-z_-]{0,31}$/.test(raw) ? raw : "";
  const [{ entries, total }, entities] = await Promise.all([
    listAudit({ entity: entity || undefined, limit, offset }),
    listAuditEntities(),
  ]);
  return {
    page,
    total,
    entity,
    entities,
    entries: entries.map((e) => ({ ...e, href: auditRecordPath(e), summary: describeAuditDetail(e.detail) })),
  };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, entities, entity, page, total } = loaderData;
  return (
    <ConsoleListPage
      headingId="audit-heading"
      title="Audit log"
      intro="Every change made from this console: who, what, when and on which record. Newest first."
    >
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-entity" className="field-label">
            Record type
          </label>
          <select id="audit-entity" name="entity" defaultValue={entity} key={entity} className="field-input">
            <option value="">All records</option>
            {entities.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          Nothing recorded{entity ? ` for ${entity} records` : ""} yet.
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Audit log{entity ? ` for ${entity} records` : ""}, page {page}, {total} entries in total
            </caption>
            <RuledTableHead columns={["When", "Who", "What", "Record"]} flushLast />
            <tbody className="divide-y divide-slate-200 align-top text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {entries.map((e) => (
                <tr key={e.id}>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <Time at={e.createdAt} withTime />
                  </td>
                  <td className="py-3 pr-4 break-all">{e.actorEmail}</td>
                  <td className="py-3 pr-4">
                    <span className="font-mono text-xs">{e.action}</span>
                    {e.summary ? <p className="mt-1 text-slate-600 dark:text-slate-400">{e.summary}</p> : null}
                  </td>
                  <td className="py-3">
                    {e.href ? (
                      <Link to={e.href} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                        {e.entity} <span className="font-mono text-xs">{e.entityId.slice(0, 8)}</span>
                      </Link>
                    ) : (
                      <span>
                        {e.entity} <span className="font-mono text-xs">{e.entityId.slice(0, 8)}</span>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} />
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/audit")} backLabel="Back to the audit log" />;
}
