import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/retention";
import { ConfirmStep, DangerSubmit } from "~/components/console/confirm-step";
import { RetentionDueList } from "~/components/console/retention-due-list";
import { RetentionForm } from "~/components/console/retention-form";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { ActionMessage } from "~/components/forms/action-message";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { useDates } from "~/lib/use-place";
import { keepFailureInForm } from "~/lib/form-failure";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { retentionPageData, runRetentionNow, saveRetention } from "./retention.server";
import { privateMeta } from "~/lib/seo";

// Decision 0049: how long records are kept, what the next run removes, and a
// "Run now" behind a confirmation. Admin only, like Settings.

const RUN_FAILURE = "The retention run failed. Please try again.";

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Data retention | Settings", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  return retentionPageData(new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-retention", "run-now"]);
  if (intent === "save-retention") return saveRetention(user, formData);
  try {
    return await runRetentionNow(user);
  } catch (error) {
    logger.error({ err: error }, "retention run (Run now) failed");
    return formResult({ intent, status: "error", message: RUN_FAILURE }, 500);
  }
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { "save-retention": CHANGES_FAILURE, "run-now": RUN_FAILURE });
}

export default function ConsoleRetention({ loaderData, actionData }: Route.ComponentProps) {
  const { formatDateTime } = useDates();
  const { settings, due, nextRun, lastRun, confirmRun } = loaderData;
  const navigation = useNavigation();
  const self = href("/employee-dashboard/settings/retention");
  const running = navigation.state !== "idle" && navigation.formData?.get("intent") === "run-now";
  const saveOutcome = actionData?.intent === "save-retention" ? actionData : undefined;
  const runOutcome = actionData?.intent === "run-now" ? actionData : undefined;
  return (
    <section aria-labelledby="retention-heading" className="max-w-3xl space-y-10">
      <div>
        <SettingsPageHeader
          headingId="retention-heading"
          title="Data retention"
          intro="Records nobody needs any more are removed for good, with their files, by a daily run."
        />
        {/* The key remounts the fields with the saved values after each save. */}
        <RetentionForm
          key={`${settings.applicationDays}-${settings.leadDays}-${settings.inboundMailDays}`}
          settings={settings}
          lastResult={saveOutcome?.result}
          outcome={saveOutcome}
        />
      </div>

      <section aria-labelledby="retention-due-heading">
        <h3 id="retention-due-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          What the next run removes
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {nextRun ? `Next run: ${formatDateTime(nextRun)}. ` : "Scheduled runs are off (RETENTION_SCHEDULE=off). "}
          {lastRun
            ? `Last run: ${formatDateTime(lastRun.finishedAt)}, ${lastRun.applications} applications, ${lastRun.leads} leads and ${lastRun.companies} companies removed; ${lastRun.inboundMails} inbound mail originals.`
            : "No run has finished yet."}
        </p>
        <RetentionDueList due={due} />
      </section>

      <section aria-labelledby="retention-run-heading" className="rounded-2xl border border-red-200 p-5 dark:border-red-900">
        <h3 id="retention-run-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Run now
        </h3>
        {confirmRun ? (
          <ConfirmStep
            id="retention-run-confirm"
            question="Remove for good, with their files, every record that is due right now? This cannot be undone."
            cancelTo={self}
          >
            <Form method="post" action={self}>
              <input type="hidden" name="intent" value="run-now" />
              <DangerSubmit pending={running} label="Yes, run retention now" pendingLabel="Running..." />
            </Form>
          </ConfirmStep>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Removes what is due at this moment, without waiting for the schedule. Audited.
            </p>
            <Link to={`${self}?confirm=run`} className="btn-secondary mt-3" preventScrollReset>
              Run now…
            </Link>
          </>
        )}
        <div className="mt-3">
          <ActionMessage outcome={runOutcome} />
        </div>
      </section>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
