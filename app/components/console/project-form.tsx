import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation, type FetcherWithComponents } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, projectFormSchema, type ProjectFormValue } from "~/lib/schemas/projects-staff";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(projectFormSchema);

interface ProjectFormProps {
  formId: string;
  defaultValue?: Partial<ProjectFormValue>;
  /** Active staff, plus the current owner when they have since been disabled. */
  owners: readonly { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
  submitLabel: string;
  pendingLabel: string;
  disabled?: boolean;
  /**
   * Posts through this fetcher: its answer survives the live reload that the save itself causes
   * (a revalidation clears a page's actionData). Without JavaScript it is a plain form post.
   */
  fetcher?: FetcherWithComponents<FormResult>;
}

/** A project's staff fields, for create and edit alike; works without JavaScript. */
export function ProjectForm({
  formId,
  defaultValue,
  owners,
  lastResult,
  outcome,
  submitLabel,
  pendingLabel,
  disabled,
  fetcher,
}: ProjectFormProps) {
  const navigation = useNavigation();
  const saving = fetcher ? fetcher.state !== "idle" : navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const PostForm = fetcher ? fetcher.Form : Form;
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: { status: "planned", ...defaultValue },
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectFormSchema }),
  });
  return (
    <PostForm method="post" {...getFormProps(form)} className="max-w-3xl space-y-5">
      <input type="hidden" name="intent" value="save" />
      <fieldset disabled={disabled} className="space-y-5">
        <InputField field={fields.title} type="text" label="Title" />
        <FormField id={fields.description.id} label="Description" errors={fields.description.errors} errorId={fields.description.errorId}>
          <textarea {...getTextareaProps(fields.description)} rows={5} className="field-input" />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={fields.status.id} label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
            <select {...getSelectProps(fields.status)} className="field-input">
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PROJECT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={fields.ownerId.id}
            label="Owner"
            optional
            errors={fields.ownerId.errors}
            errorId={fields.ownerId.errorId}
            hint="The staff member who runs it."
          >
            <select {...getSelectProps(fields.ownerId)} className="field-input">
              <option value="">No owner yet</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </FormField>
          <InputField field={fields.startDate} type="date" label="Start date" optional />
          <FormField
            id={fields.dueDate.id}
            label="Due date"
            optional
            errors={fields.dueDate.errors}
            errorId={fields.dueDate.errorId}
            hint="Not before the start date."
          >
            <input {...getInputProps(fields.dueDate, { type: "date" })} className="field-input" />
          </FormField>
        </div>
        <ActionMessage outcome={outcome} />
        <div id={form.errorId} className="field-error" aria-live="polite">
          {form.errors?.join(" ")}
        </div>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? pendingLabel : submitLabel}
        </button>
      </fieldset>
    </PostForm>
  );
}
