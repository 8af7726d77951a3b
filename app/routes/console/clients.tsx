import { Form, Link } from "react-router";
import type { Route } from "./+types/clients";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { site } from "~/content/site";
import { CONSOLE_BASE } from "~/lib/console-nav";
import { formatDate, isoDate } from "~/lib/dates";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listClients } from "~/server/clients.server";
import { requireStaff } from "~/server/session.server";

export const meta = () => [{ title: `Clients | Employee Dashboard | ${site.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { page, limit, offset } = pageFrom(url);
  const { clients, total } = await listClients({ search, limit, offset });
  return { clients, total, page, search, pageSize: PAGE_SIZE };
}

const cell = "px-3 py-2 align-top";

export default function ClientsSection({ loaderData }: Route.ComponentProps) {
  const { clients, total, page, search, pageSize } = loaderData;
  // A client creating a project changes the counts.
  useLiveRevalidation("/events/console", ["projects"]);
  return (
    <section aria-labelledby="clients-heading">
      <h2 id="clients-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Clients
      </h2>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="client-search" className="field-label">
            Search by name, e-mail, phone, company or country
          </label>
          <input id="client-search" type="search" name="q" defaultValue={search} maxLength={100} className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
        {search ? (
          <Link to="." className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === 1 ? "1 client" : `${total} clients`}
        {search ? ` matching “${search}”` : ""}
      </p>
      {clients.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {search ? "No client matches this search." : "No client accounts yet."}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Client accounts, newest first</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {["Client", "Phone", "Company", "Country", "Projects", "Joined"].map((h) => (
                  <th key={h} scope="col" className={`${cell} font-semibold`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {clients.map((c) => (
                <tr key={c.id}>
                  <th scope="row" className={`${cell} font-normal`}>
                    <Link to={`${CONSOLE_BASE}/clients/${c.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                      {c.fullName || c.name || c.email}
                    </Link>
                    <span className="block text-slate-600 dark:text-slate-400">{c.email}</span>
                    {c.fullName ? null : <span className="block text-xs text-slate-600 dark:text-slate-400">Profile not completed</span>}
                  </th>
                  <td className={cell}>{c.phone || "—"}</td>
                  <td className={cell}>{c.company || "—"}</td>
                  <td className={cell}>{c.country || "—"}</td>
                  <td className={`${cell} tabular-nums`}>{c.projectCount}</td>
                  <td className={cell}>
                    <time dateTime={isoDate(c.createdAt)}>{formatDate(c.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={CONSOLE_BASE} backLabel="Back to Overview" />;
}
