import { href, Link } from "react-router";
import type { Route } from "./+types/clients";
import { ListFilters, SearchField } from "~/components/console/list-filters";
import { boxedCell, ListTable } from "~/components/console/list-table";
import { Pager } from "~/components/console/pager";
import { ResultCount } from "~/components/console/result-count";
import { SectionError } from "~/components/console/section-error";
import { site } from "~/content/site";
import { formatDate, isoDate } from "~/lib/dates";
import { PAGE_SIZE, pageFrom } from "~/lib/pagination";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { listClients } from "~/server/models/clients.server";
import { requireStaff } from "~/server/auth/session.server";

export const meta = () => [{ title: `Clients | Employee Dashboard | ${site.name}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { page, limit, offset } = pageFrom(url);
  const { clients, total } = await listClients({ search, limit, offset });
  return { clients, total, page, search, pageSize: PAGE_SIZE };
}

export default function ClientsSection({ loaderData }: Route.ComponentProps) {
  const { clients, total, page, search, pageSize } = loaderData;
  // A client creating a project changes the counts.
  useLiveRevalidation("/events/console", ["projects"]);
  return (
    <section aria-labelledby="clients-heading">
      <h2 id="clients-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Clients
      </h2>
      <ListFilters role="search" gap="gap-2" submitLabel="Search" clearTo={search ? "." : undefined}>
        <SearchField id="client-search" label="Search by name, e-mail, phone, company or country" defaultValue={search} maxLength={100} className="min-w-64 flex-1" />
      </ListFilters>
      <ResultCount total={total} singular="client" plural="clients" detail={search ? ` matching “${search}”` : ""} announce="polite" />
      <ListTable
        boxed
        caption="Client accounts, newest first"
        columns={["Client", "Phone", "Company", "Country", "Projects", "Joined"]}
        items={clients}
        empty={search ? "No client matches this search." : "No client accounts yet."}
        row={(c) => (
          <tr key={c.id}>
            <th scope="row" className={`${boxedCell} font-normal`}>
              <Link to={href("/employee-dashboard/clients/:id", { id: c.id })} className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                {c.fullName || c.name || c.email}
              </Link>
              <span className="block text-slate-600 dark:text-slate-400">{c.email}</span>
              {c.fullName ? null : <span className="block text-xs text-slate-600 dark:text-slate-400">Profile not completed</span>}
            </th>
            <td className={boxedCell}>{c.phone || "—"}</td>
            <td className={boxedCell}>{c.company || "—"}</td>
            <td className={boxedCell}>{c.country || "—"}</td>
            <td className={`${boxedCell} tabular-nums`}>{c.projectCount}</td>
            <td className={boxedCell}>
              <time dateTime={isoDate(c.createdAt)}>{formatDate(c.createdAt)}</time>
            </td>
          </tr>
        )}
      />
      <Pager page={page} total={total} pageSize={pageSize} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to Overview" />;
}
