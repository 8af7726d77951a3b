import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import type { Route } from "./+types/testimonials";
import { ActionMessage } from "~/components/forms/action-message";
import { IntentButton } from "~/components/forms/intent-button";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { TestimonialForm } from "~/components/console/testimonial-form";
import { TestimonialVisibility } from "~/components/console/testimonial-visibility";
import { CHANGE_FAILURE, TESTIMONIAL_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { pageFrom } from "~/lib/pagination";
import { testimonialSchema } from "~/lib/schemas/testimonials";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { formResult, requireIntent, requireTargetId } from "~/server/http/form-result.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { requireStaff } from "~/server/auth/session.server";
import {
  createTestimonial,
  findTestimonial,
  listTestimonialsForStaff,
  setTestimonialVisibility,
} from "~/server/models/pipeline/testimonials.server";
import { ConsoleListPage } from "~/components/console/list-page";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "testimonials");
  const { page, limit, offset } = pageFrom(new URL(request.url));
  return { page, ...(await listTestimonialsForStaff({ limit, offset })) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "testimonials");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save", "hide", "show"]);
  if (intent === "hide" || intent === "show") {
    const id = requireTargetId(formData);
    const testimonial = await findTestimonial(id);
    if (!testimonial) return formResult({ intent, status: "error", targetId: id, message: "That testimonial no longer exists." }, 404);
    const changed = await setTestimonialVisibility(user, id, intent === "show");
    const message =
      intent === "hide"
        ? `Hid the testimonial from ${testimonial.name}.`
        : `The testimonial from ${testimonial.name} is on the home page again.`;
    return formResult({
      intent,
      targetId: id,
      status: changed ? "success" : "unchanged",
      message: changed ? message : "Nothing to change.",
    });
  }
  const submission = parseWithZod(formData, { schema: testimonialSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    await createTestimonial(user, submission.value);
  } catch (error) {
    logger.error({ err: error }, "testimonial create failed");
    return formResult({ intent, status: "error", message: TESTIMONIAL_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({
    intent,
    status: "success",
    message: "Testimonial added: it is on the home page now.",
    result: submission.reply({ resetForm: true }),
  });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { save: TESTIMONIAL_FAILURE, hide: CHANGE_FAILURE, show: CHANGE_FAILURE });
}

export default function ConsoleTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation("/events/console", ["testimonials"]);
  const { testimonials, page, total } = loaderData;
  const added = actionData?.intent === "save" ? actionData : undefined;
  const toggled = actionData && actionData.intent !== "save" ? actionData : undefined;
  return (
    <ConsoleListPage
      headingId="testimonials-heading"
      title="Testimonials"
      intro="Visible testimonials scroll on the home page, in this order."
    >
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div>
          <ActionMessage outcome={toggled} />
          {testimonials.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
              No testimonials yet.
            </p>
          ) : (
            <ul className="mt-2 space-y-4" aria-label="Testimonials">
              {testimonials.map((t) => (
                <li key={t.id} className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-semibold text-slate-900 dark:text-white">{t.name}</p>
                    <TestimonialVisibility visible={t.visible} />
                  </div>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t.category}</p>
                  <blockquote className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{t.review}</blockquote>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Link
                      to={href("/employee-dashboard/testimonials/:id", { id: t.id })}
                      className="btn-secondary px-3 py-1.5"
                      aria-label={`Edit testimonial from ${t.name}`}
                    >
                      Edit
                    </Link>
                    {t.visible ? (
                      <IntentButton
                        intent="hide"
                        id={t.id}
                        label="Hide"
                        pendingLabel="Hiding..."
                        accessibleLabel={`Hide testimonial from ${t.name}`}
                      />
                    ) : (
                      <IntentButton
                        intent="show"
                        id={t.id}
                        label="Show"
                        pendingLabel="Showing..."
                        accessibleLabel={`Show testimonial from ${t.name}`}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} total={total} />
        </div>
        <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">Add a testimonial</h3>
          <TestimonialForm
            formId="new-testimonial"
            lastResult={added?.result}
            outcome={added}
            submitLabel="Add testimonial"
            pendingLabel="Adding..."
          />
        </div>
      </div>
    </ConsoleListPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/testimonials")} backLabel="Back to Testimonials" />;
}
