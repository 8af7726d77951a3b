import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/opening-new";
import { OpeningForm } from "~/components/console/opening-form";
import { SectionError } from "~/components/console/section-error";
import { OPENING_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { openingFieldsFrom, openingSchema } from "~/lib/schemas/openings";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { createOpening } from "~/server/models/pipeline/openings.server";
import { requireStaff } from "~/server/auth/session.server";
import { agencyDay } from "~/server/brand/locale.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "openings");
  return { day: await agencyDay() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "openings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save"]);
  const day = await agencyDay();
  const submission = parseWithZod(formData, { schema: openingSchema(day) });
  // A list button (add/remove a requirement) without JavaScript also lands here, with no status.
  if (submission.status !== "success") {
    return formResult({ intent, status: "invalid", result: submission.reply() }, submission.status === "error" ? 400 : 200);
  }
  try {
    const opening = await createOpening(user, openingFieldsFrom(submission.value, day.timeZone));
    return redirect(`${href("/employee-dashboard/openings/:id", { id: opening.id })}?created=1`);
  } catch (error) {
    logger.error({ err: error }, "opening create failed");
    return formResult({ intent, status: "error", message: OPENING_FAILURE, result: submission.reply() }, 500);
  }
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, OPENING_FAILURE);
}

export default function NewOpening({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-opening-heading">
      <Link
        to={href("/employee-dashboard/openings")}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← All openings
      </Link>
      <h2 id="new-opening-heading" className="mt-2 mb-6 text-2xl font-bold text-slate-900 dark:text-white">
        New opening
      </h2>
      <OpeningForm
        formId="new-opening"
        day={loaderData.day}
        lastResult={actionData?.result}
        outcome={actionData}
        submitLabel="Publish opening"
        pendingLabel="Publishing..."
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/openings")} backLabel="Back to Openings" />;
}
