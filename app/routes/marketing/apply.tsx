import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/apply";
import { FormField, InputField } from "~/components/forms/form-field";
import { ConsentField } from "~/components/forms/consent-field";
import { FormError } from "~/components/forms/form-error";
import { OpeningUnavailable } from "~/components/opening-unavailable";
import { PageHeader } from "~/components/page-header";
import { SuccessPanel } from "~/components/success-panel";
import { ResumeInput } from "~/components/forms/resume-input";
import { SpamFields, useFillClock } from "~/components/forms/spam-fields";
import { APPLICATION_FAILURE_MESSAGE, APPLICATION_SUCCESS_MESSAGE } from "~/lib/constants";
import { applicationSchema } from "~/lib/schemas/applications";
import { postWithProgress } from "~/lib/post-with-progress";
import { findOpening } from "~/server/models/pipeline/openings.server";
import { getSessionUser } from "~/server/auth/session.server";
import { submitApplication, type ApplicationOutcome } from "~/server/models/pipeline/applications.server";
import { parseApplicationForm } from "~/server/uploads/resume-upload.server";
import { issueFormToken } from "~/server/defence/spam-defence.server";
import { applicationStatus } from "../+shared/upload-status.server";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(applicationSchema);

export async function loader({ params }: Route.LoaderArgs) {
  const opening = await findOpening(params.id);
  if (!opening) return data({ state: "missing" as const, opening: null, formToken: "" }, { status: 404 });
  if (opening.status === "closed") return data({ state: "closed" as const, opening: null, formToken: "" }, { status: 410 });
  return {
    state: "open" as const,
    opening: { id: opening.id, title: opening.title, location: opening.location },
    formToken: issueFormToken(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const outcome = await submitApplication(() => parseApplicationForm(request), {
    jobId: params.id,
    clientIp: context.clientIp,
    // SPEC §3: appliedBy is the signed-in user's id, or null for guests.
    appliedBy: (await getSessionUser(request))?.id ?? null,
  });
  return data(outcome, { status: applicationStatus(outcome) });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.opening ? `Apply: ${loaderData.opening.title}` : "Apply";
  return [{ title }, { name: "robots", content: "noindex" }];
}

function toResult(outcome: ApplicationOutcome | undefined): SubmissionResult<string[]> | undefined {
  return outcome?.status === "invalid" ? { status: "error", error: outcome.fieldErrors, initialValue: outcome.values } : undefined;
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const [formKey, setFormKey] = useState(0);
  // Counts successes, so a second application in a row shows the panel afresh (and focuses it).
  const [applied, setApplied] = useState(actionData?.status === "success" ? 1 : 0);
  const { opening } = loaderData;
  if (!opening) return <OpeningUnavailable reason={loaderData.state === "closed" ? "closed" : "missing"} />;

  function onSuccess() {
    setFormKey((k) => k + 1);
    setApplied((n) => n + 1);
    window.alert(APPLICATION_SUCCESS_MESSAGE);
  }

  return (
    <>
      <PageHeader title={`Apply for ${opening.title}`}>
        <p>{opening.location}. Tell us about yourself; a resume helps but is optional.</p>
      </PageHeader>
      <div className="container-page max-w-2xl space-y-10 py-12">
        {applied > 0 ? (
          // SPEC §8's message stays the title; the form below is cleared (SPEC §4) for another one.
          <SuccessPanel
            key={applied}
            title={APPLICATION_SUCCESS_MESSAGE}
            steps={[
              `We have e-mailed you a confirmation of your application for ${opening.title}.`,
              "Our hiring team reviews every application and contacts you if your profile matches the role.",
            ]}
          >
            <Link to="/careers" className="btn-primary">
              See other openings
            </Link>
            <Link to="/" className="btn-secondary">
              Back to Home
            </Link>
          </SuccessPanel>
        ) : null}
        <ApplicationForm
          key={formKey}
          jobId={opening.id}
          formToken={loaderData.formToken}
          pageOutcome={actionData?.status === "success" ? undefined : actionData}
          onSuccess={onSuccess}
        />
      </div>
    </>
  );
}

interface ApplicationFormProps {
  jobId: string;
  formToken: string;
  pageOutcome?: ApplicationOutcome;
  onSuccess: () => void;
}

function ApplicationForm({ jobId, formToken, pageOutcome, onSuccess }: ApplicationFormProps) {
  const fillClock = useFillClock();
  const [outcome, setOutcome] = useState<ApplicationOutcome | undefined>(pageOutcome);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const [form, fields] = useForm({
    id: "application",
    lastResult: toResult(outcome),
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSchema }),
  });

  const formProps = getFormProps(form);
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    const resume = body.get("resume");
    const hasFile = resume instanceof File && resume.size > 0;
    setSubmitting(true);
    setOutcome(undefined);
    await fillClock.waitUntilReady();
    setProgress(hasFile ? 0 : null);
    try {
      const result = await postWithProgress<ApplicationOutcome>(`/apply/${jobId}/submit`, body, (p) => setProgress(hasFile ? p : null));
      if (result.status === "success") return onSuccess();
      setOutcome(result.body ?? { status: "error", message: APPLICATION_FAILURE_MESSAGE });
      if (result.body?.status === "error" && result.body.message) window.alert(result.body.message);
    } catch {
      setOutcome({ status: "error", message: APPLICATION_FAILURE_MESSAGE });
      window.alert(APPLICATION_FAILURE_MESSAGE);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  const formError = outcome?.status === "error" ? outcome.message : undefined;
  const resumeError = outcome?.fieldErrors?.resume?.join(" ");
  return (
    <Form method="post" encType="multipart/form-data" {...formProps} onSubmit={onSubmit} className="relative space-y-5">
      <SpamFields token={formToken} />
      <InputField field={fields.name} type="text" label="Full Name" autoComplete="name" />
      <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
      <FormField id={fields.message.id} label="Message" optional errors={fields.message.errors} errorId={fields.message.errorId}>
        <textarea {...getTextareaProps(fields.message)} rows={5} className="field-input" />
      </FormField>
      <ResumeInput id="resume" serverError={resumeError} />
      {progress !== null ? (
        <div>
          <label htmlFor="upload-progress" className="field-label">
            Uploading resume: {Math.round(progress * 100)}%
          </label>
          <progress id="upload-progress" value={Math.round(progress * 100)} max={100} className="h-2 w-full accent-brand-600" />
        </div>
      ) : null}
      <ConsentField field={fields.consent} form="application" />
      <FormError message={formError} />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Submitting..." : "Submit Application"}
      </button>
    </Form>
  );
}
