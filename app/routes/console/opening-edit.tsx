import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { ConsoleEditPage } from "~/components/console/edit-page";
import type { Route } from "./+types/opening-edit";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { OpeningForm } from "~/components/console/opening-form";
import { OpeningStatus } from "~/components/console/opening-status";
import { SectionError } from "~/components/console/section-error";
import { CHANGES_FAILURE, CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { dateFromValidThrough, openingFieldsFrom, openingSchema } from "~/lib/schemas/openings";
import { isRefusal } from "~/lib/refusal";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { findOpening, setOpeningStatus, updateOpening } from "~/server/models/pipeline/openings.server";
import { requireStaff } from "~/server/auth/session.server";
import { agencyDay } from "~/server/brand/locale.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "openings");
  const opening = await findOpening(params.id);
  if (!opening) throw data("There is no opening with this id.", { status: 404, statusText: "Opening not found" });
  return { opening, day: await agencyDay(), created: new URL(request.url).searchParams.has("created") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "openings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "close", "reopen"]);
  if (!(await findOpening(params.id))) return formResult({ intent, status: "error", message: "That opening no longer exists." }, 404);

  if (intent === "close" || intent === "reopen") {
    const changed = await setOpeningStatus(user, params.id, intent === "close" ? "closed" : "open");
    const message =
      intent === "close"
        ? "Opening closed: it has left the Careers page and its own page says the position is closed."
        : "Opening reopened: it is back on the Careers page.";
    return formResult({ intent, status: changed ? "success" : "unchanged", message: changed ? message : "Nothing to change." });
  }

  const day = await agencyDay();
  const submission = parseWithZod(formData, { schema: openingSchema(day) });
  // A list button (add/remove a requirement) without JavaScript also lands here, with no status.
  if (submission.status !== "success") {
    return formResult({ intent, status: "invalid", result: submission.reply() }, submission.status === "error" ? 400 : 200);
  }
  try {
    await updateOpening(user, params.id, openingFieldsFrom(submission.value, day.timeZone));
  } catch (error) {
    // Removed since the page loaded: the same answer as the check above.
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, "opening update failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Changes saved. The Careers page shows them now.", result: submission.reply() });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.opening.title ?? "Opening"} | Employee Dashboard` }, { name: "robots", content: "noindex" }];
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { save: CHANGES_FAILURE, close: CHANGE_FAILURE, reopen: CHANGE_FAILURE });
}

export default function EditOpening({ loaderData, actionData }: Route.ComponentProps) {
  const { opening, day, created } = loaderData;
  const saved = actionData?.intent === "save" ? actionData : undefined;
  const statusOutcome = actionData && actionData.intent !== "save" ? actionData : undefined;
  const defaultValue = {
    title: opening.title,
    location: opening.location,
    type: opening.type,
    description: opening.description,
    salary: opening.salary,
    requirements: opening.requirements.length > 0 ? opening.requirements : [""],
    validThrough: dateFromValidThrough(opening.validThrough, day.timeZone),
  };
  return (
    <ConsoleEditPage
      headingId="edit-opening-heading"
      backTo={href("/employee-dashboard/openings")}
      backLabel="← All openings"
      title={opening.title}
      badges={<OpeningStatus status={opening.status} />}
    >
      <div className="mb-6 flex flex-wrap items-center gap-3">
        {opening.status === "open" ? (
          <>
            <IntentButton intent="close" label="Close opening" pendingLabel="Closing..." />
            <a
              href={`/careers/${opening.id}`}
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              View on the careers page
            </a>
          </>
        ) : (
          <IntentButton intent="reopen" label="Reopen opening" pendingLabel="Reopening..." />
        )}
      </div>
      <div className="mb-6 max-w-3xl">
        <ActionMessage
          outcome={
            statusOutcome ??
            (created && !actionData ? { status: "success", message: "Opening published: it is on the Careers page now." } : undefined)
          }
        />
      </div>
      {/* When the stored fields change (a save, another staff member), the form starts from them again. */}
      <OpeningForm
        key={JSON.stringify(defaultValue)}
        formId={`opening-${opening.id}`}
        day={day}
        defaultValue={defaultValue}
        lastResult={saved?.result}
        outcome={saved}
        submitLabel="Save changes"
        pendingLabel="Saving..."
      />
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/openings")} backLabel="Back to Openings" />;
}
