import { href, useSearchParams } from "react-router";
import type { Route } from "./+types/billing-retainers";
import { RetainerTable } from "~/components/billing/retainer-table";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { stopRetainerSchema } from "~/lib/schemas/invoices";
import { privateMeta } from "~/lib/seo";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { stopRecurringInvoice } from "~/server/models/billing/recurring-invoices.server";
import { listRetainers } from "~/server/models/billing/retainers-console.server";

// Console → Billing → Retainers: every company's recurring invoices, and "Stop" with a confirmation.
// A retainer is started from a draft's page; this screen only lists and stops them.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  return { retainers: await listRetainers({ scope: await companyScope(user) }) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "billing");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["stop"] as const);
  const parsed = stopRetainerSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return formResult({ intent, status: "error", message: parsed.error.issues[0]!.message }, 400);
  const { id } = parsed.data;
  // Another company's retainer is "not found" to a member limited to their companies (decision 0105).
  if (!(await listRetainers({ scope: await companyScope(user) })).some((r) => r.id === id))
    return formResult({ intent, targetId: id, status: "error", message: "No retainer with this id." }, 404);
  try {
    const outcome = await stopRecurringInvoice(user, id);
    return formResult({
      intent,
      targetId: id,
      status: outcome === "stopped" ? "success" : "unchanged",
      message: outcome === "stopped" ? "Retainer stopped: no more invoices are written from it." : "This retainer had already stopped.",
    });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, targetId: id });
    logger.error({ err: error }, "stopping a retainer failed");
    return formResult({ intent, targetId: id, status: "error", message: CHANGES_FAILURE }, 500);
  }
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Retainers | Billing", matches);
}

export default function BillingRetainers({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["billing"]);
  const { retainers } = loaderData;
  const [search] = useSearchParams();
  const self = href("/employee-dashboard/billing/retainers");
  // A stop whose retainer is gone from the list (an unknown id) answers above the table.
  const orphan = actionData && !retainers.some((r) => r.id === actionData.targetId) ? actionData : undefined;
  return (
    <ConsoleEditPage
      headingId="billing-retainers-heading"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title="Retainers"
      summary={
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Invoices written every month or quarter from a template. Start one from a draft invoice&apos;s page.
        </p>
      }
    >
      {orphan ? (
        <div className="mb-4">
          <ActionMessage outcome={orphan} />
        </div>
      ) : null}
      {retainers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No retainers yet. Open a draft invoice and use “Repeat as a retainer” to start one.
        </p>
      ) : (
        <RetainerTable
          retainers={retainers}
          caption="Retainers, running ones first, by their next invoice"
          stopping={{ self, confirming: actionData ? null : search.get("stop"), outcome: actionData }}
        />
      )}
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
