import { href, Link } from "react-router";
import type { Route } from "./+types/site-list";
import { SectionError } from "~/components/console/section-error";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { listSiteItems } from "~/server/models/site/content.server";
import { requireContentType } from "./site.server";

// One content type's items, in the public order, each with its published and draft state.

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return privateMeta(`${loaderData?.label ?? "Site"} | Employee Dashboard`, matches);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "site");
  const def = requireContentType(params.type);
  return { type: def.type, label: def.label, singular: def.singular, fixed: Boolean(def.fixed), items: await listSiteItems(def) };
}

function state(item: { publishedNumber: number | null; hasDraft: boolean; visible: boolean }): string {
  if (item.publishedNumber === null) return "Draft, never published";
  const base = item.visible ? `Published (version ${item.publishedNumber})` : `Hidden (version ${item.publishedNumber})`;
  return item.hasDraft ? `${base}, unpublished changes` : base;
}

export default function SiteList({ loaderData }: Route.ComponentProps) {
  const { type, label, singular, fixed, items } = loaderData;
  const newHref = href("/employee-dashboard/site/:type/new", { type });
  return (
    <section aria-labelledby="site-list-heading" className="max-w-4xl">
      <Link
        to={href("/employee-dashboard/site")}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← Site
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="site-list-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          {label}
        </h2>
        {items.length && !fixed ? (
          <Link to={newHref} className="btn-primary">
            Add a {singular}
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">There is no {singular} yet. The public page reads well without one.</p>
          <Link to={newHref} className="btn-primary mt-4">
            Add your first {singular}
          </Link>
        </div>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}, in the order the public site shows them</caption>
          <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Title
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Order
              </th>
              <th scope="col" className="py-2 font-medium">
                State
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((item) => (
              <tr key={item.id}>
                <td className="py-3 pr-4">
                  <Link
                    to={href("/employee-dashboard/site/:type/:id", { type, id: item.id })}
                    className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                  >
                    {item.title}
                  </Link>
                </td>
                <td className="py-3 pr-4 text-slate-700 dark:text-slate-300">{item.order}</td>
                <td className="py-3 text-slate-700 dark:text-slate-300">{state(item)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/site")} backLabel="Back to Site" />;
}
