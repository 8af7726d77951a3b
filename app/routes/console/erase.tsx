import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/erase";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { erasureSchema } from "~/lib/schemas/erasure";
import { eraseAction, requireErasure } from "./erase.server";

// Decision 0048: "Erase…" a lead, an application, a client member or a whole
// client company. Admin only; a page of its own (no JavaScript needed), confirmed by typing the
// person's e-mail or the company's name.

const constraint = getZodConstraint(erasureSchema);

const WHAT = {
  lead: "this lead",
  application: "this application",
  client_user: "this client member",
  company: "this client company",
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { subject } = await requireErasure(request, params);
  const back =
    subject.kind === "lead"
      ? href("/employee-dashboard/leads/:id", { id: subject.id })
      : subject.kind === "application"
        ? href("/employee-dashboard/applications/:id", { id: subject.id })
        : href("/employee-dashboard/clients/:id", { id: subject.kind === "company" ? subject.id : (subject.companyId ?? "") });
  return { subject: { kind: subject.kind, name: subject.name, confirmWith: subject.confirmWith }, back };
}

export async function action({ request, params }: Route.ActionArgs) {
  return eraseAction(request, params);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function Erase({ loaderData, actionData }: Route.ComponentProps) {
  const { subject, back } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "erase",
    lastResult: actionData?.result,
    constraint,
    defaultValue: { mode: "anonymise" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: erasureSchema }),
  });
  const typeWhat = subject.kind === "company" ? "the company's name" : "the e-mail address";
  const option =
    "flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 dark:border-slate-700 dark:text-slate-200";
  return (
    <section aria-labelledby="erase-heading" className="max-w-2xl">
      <Link to={back} className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
        ← Back
      </Link>
      <h2 id="erase-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        Erase {subject.name}
      </h2>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
        This erases {WHAT[subject.kind]} for good: the personal details, the files on disk or in the bucket, and every mail, notification
        and log line that quotes {subject.kind === "company" ? "its members" : "the person"}. It cannot be undone. The audit log records who
        erased what and when.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="erase" />
        <fieldset className="space-y-3" aria-describedby={fields.mode.errors ? fields.mode.errorId : undefined}>
          <legend className="field-label">How</legend>
          <label className={option}>
            <input
              type="radio"
              name={fields.mode.name}
              value="anonymise"
              defaultChecked={fields.mode.initialValue !== "delete"}
              className="mt-1"
            />
            <span>
              <strong>Anonymise</strong>: the record stays, so counts and charts still add up; names become &ldquo;Erased&rdquo;, addresses
              a dead placeholder, free text is cleared and files are removed.
            </span>
          </label>
          <label className={option}>
            <input
              type="radio"
              name={fields.mode.name}
              value="delete"
              defaultChecked={fields.mode.initialValue === "delete"}
              className="mt-1"
            />
            <span>
              <strong>Delete</strong>: the record and everything in it are removed; counts drop by it.
            </span>
          </label>
          {fields.mode.errors ? (
            <p id={fields.mode.errorId} className="text-sm text-red-700 dark:text-red-400">
              {fields.mode.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id={fields.confirmation.id}
          label={`Type ${typeWhat} to confirm: ${subject.confirmWith}`}
          errors={fields.confirmation.errors}
          errorId={fields.confirmation.errorId}
        >
          <input {...getInputProps(fields.confirmation, { type: "text" })} className="field-input" autoComplete="off" spellCheck={false} />
        </FormField>
        <ActionMessage outcome={actionData} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-danger" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Erasing..." : "Erase"}
          </button>
          <Link to={back} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard")} backLabel="Back to the Overview" />;
}
