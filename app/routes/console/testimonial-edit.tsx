import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { ConsoleEditPage } from "~/components/console/edit-page";
import type { Route } from "./+types/testimonial-edit";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { SectionError } from "~/components/console/section-error";
import { TestimonialForm } from "~/components/console/testimonial-form";
import { TestimonialVisibility } from "~/components/console/testimonial-visibility";
import { CHANGES_FAILURE, CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { testimonialSchema } from "~/lib/schemas/testimonials";
import { isRefusal } from "~/lib/refusal";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { requireStaff } from "~/server/auth/session.server";
import { findTestimonial, setTestimonialVisibility, updateTestimonial } from "~/server/models/pipeline/testimonials.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "testimonials");
  const testimonial = await findTestimonial(params.id);
  if (!testimonial) throw data("There is no testimonial with this id.", { status: 404, statusText: "Testimonial not found" });
  return { testimonial };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "testimonials");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "hide", "show"]);
  if (!(await findTestimonial(params.id)))
    return formResult({ intent, status: "error", message: "That testimonial no longer exists." }, 404);
  if (intent === "hide" || intent === "show") {
    const changed = await setTestimonialVisibility(user, params.id, intent === "show");
    const message = intent === "hide" ? "Hidden: the home page no longer shows it." : "Shown: it is on the home page again.";
    return formResult({ intent, status: changed ? "success" : "unchanged", message: changed ? message : "Nothing to change." });
  }
  const submission = parseWithZod(formData, { schema: testimonialSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    await updateTestimonial(user, params.id, submission.value);
  } catch (error) {
    // Removed since the page loaded: the same answer as the check above.
    if (isRefusal(error)) return refusalResult(error, { intent });
    logger.error({ err: error }, "testimonial update failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Changes saved. The home page shows them now.", result: submission.reply() });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { save: CHANGES_FAILURE, hide: CHANGE_FAILURE, show: CHANGE_FAILURE });
}

export default function EditTestimonial({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonial } = loaderData;
  const saved = actionData?.intent === "save" ? actionData : undefined;
  const toggled = actionData && actionData.intent !== "save" ? actionData : undefined;
  const defaultValue = { review: testimonial.review, name: testimonial.name, category: testimonial.category };
  return (
    <ConsoleEditPage
      headingId="edit-testimonial-heading"
      className="max-w-2xl"
      backTo={href("/employee-dashboard/testimonials")}
      backLabel="← All testimonials"
      title={`Testimonial from ${testimonial.name}`}
      badges={<TestimonialVisibility visible={testimonial.visible} />}
      titleGap="mb-4"
    >
      <div className="mb-6 space-y-3">
        {testimonial.visible ? (
          <IntentButton intent="hide" label="Hide from the home page" pendingLabel="Hiding..." />
        ) : (
          <IntentButton intent="show" label="Show on the home page" pendingLabel="Showing..." />
        )}
        <ActionMessage outcome={toggled} />
      </div>
      {/* When the stored fields change, the form starts from them again. */}
      <TestimonialForm
        key={JSON.stringify(defaultValue)}
        formId={`testimonial-${testimonial.id}`}
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
  return <SectionError error={error} backTo={href("/employee-dashboard/testimonials")} backLabel="Back to Testimonials" />;
}
