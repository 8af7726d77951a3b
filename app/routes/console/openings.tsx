import { href, Link } from "react-router";
import type { Route } from "./+types/openings";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { OpeningStatus } from "~/components/console/opening-status";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { pageFrom } from "~/lib/pagination";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { findOpening, listOpeningsForStaff, setOpeningStatus } from "~/server/models/pipeline/openings.server";
import { requireStaff } from "~/server/auth/session.server";
import { ConsoleListPage } from "~/components/console/list-page";
import { RuledTableHead } from "~/components/console/list-table";
import { Time } from "~/components/time";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "openings");
  const { page, limit, offset } = pageFrom(new URL(request.url));
  const { openings, total } = await listOpeningsForStaff({ limit, offset });
  return {
    page,
    total,
    openings: openings.map(({ id, title, location, type, status, applications, createdAt }) => ({
      id,
      title,
      location,
      type,
      status,
      applications,
      createdAt,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "openings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["close", "reopen"]);
  const id = requireTargetId(formData);
  const opening = await findOpening(id);
  if (!opening) return formResult({ intent, status: "error", targetId: id, message: "That opening no longer exists." }, 404);
  const changed = await setOpeningStatus(user, id, intent === "close" ? "closed" : "open");
  const message =
    intent === "close" ? `Closed “${opening.title}”: it has left /careers.` : `Reopened “${opening.title}”: it is back on /careers.`;
  return formResult({ intent, targetId: id, status: changed ? "success" : "unchanged", message: changed ? message : "Nothing to change." });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConsoleOpenings({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["openings", "applications"]);
  const { openings, page, total } = loaderData;
  return (
    <ConsoleListPage
      headingId="openings-heading"
      title="Openings"
      action={
        <Link to={href("/employee-dashboard/openings/new")} className="btn-primary">
          New opening
        </Link>
      }
    >
      <div className="mt-4">
        <ActionMessage outcome={actionData} />
      </div>
      {openings.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No openings yet. Publish the first one with “New opening”.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">All job openings, open ones first, {total} in total</caption>
            <RuledTableHead columns={["Title", "Location · Type", "Status", "Applications", "Posted"]} actions />
            <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
              {openings.map((o) => (
                <tr key={o.id}>
                  <td className="py-3 pr-4">
                    <Link
                      to={href("/employee-dashboard/openings/:id", { id: o.id })}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                    >
                      {o.title}
                    </Link>
                  </td>
                  <td className="py-3 pr-4">
                    {o.location} · {o.type}
                  </td>
                  <td className="py-3 pr-4">
                    <OpeningStatus status={o.status} />
                  </td>
                  <td className="py-3 pr-4 tabular-nums">{o.applications}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <Time at={o.createdAt} />
                  </td>
                  <td className="py-3 text-right">
                    {o.status === "open" ? (
                      <IntentButton intent="close" id={o.id} label="Close" pendingLabel="Closing..." accessibleLabel={`Close ${o.title}`} />
                    ) : (
                      <IntentButton
                        intent="reopen"
                        id={o.id}
                        label="Reopen"
                        pendingLabel="Reopening..."
                        accessibleLabel={`Reopen ${o.title}`}
                      />
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
  return <SectionError error={error} backTo={href("/employee-dashboard/openings")} backLabel="Back to Openings" />;
}
