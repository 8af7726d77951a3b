import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { FormField, InputField } from "~/components/forms/form-field";
import { FormError } from "~/components/forms/form-error";
import { PROGRESS_NOTE_MAX_LENGTH, projectProgressSchema } from "~/lib/schemas/projects-staff";
import type { FormResult } from "~/lib/form-result";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(projectProgressSchema);

interface ProgressFormProps {
  projectId: string;
  title: string;
  progress: number;
  /** Changes with every stored update (the newest history id), so the form starts afresh. */
  version: string;
  /** The page's own action result, for the no-JavaScript round trip. */
  pageResult?: FormResult;
}

interface FieldsProps extends Omit<ProgressFormProps, "pageResult" | "version"> {
  fetcher: FetcherWithComponents<FormResult>;
  lastResult?: SubmissionResult<string[]>;
}

function ProgressFields({ fetcher, projectId, title, progress, lastResult }: FieldsProps) {
  const [form, fields] = useForm({
    id: `progress-${projectId}`,
    lastResult,
    defaultValue: { projectId, progress: String(progress), note: "" },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: projectProgressSchema }),
  });
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-label={`Set progress of ${title}`} className="space-y-3">
      <input type="hidden" name="intent" value="set-progress" />
      <input {...getInputProps(fields.projectId, { type: "hidden" })} />
      <InputField
        field={fields.progress}
        type="number"
        label="Progress (0–100 %)"
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        className="field-input max-w-32"
      />
      <FormField
        id={fields.note.id}
        label="Note"
        optional
        errors={fields.note.errors}
        errorId={fields.note.errorId}
        hint={`Shown to the client with the new value; up to ${PROGRESS_NOTE_MAX_LENGTH} characters.`}
      >
        <textarea {...getTextareaProps(fields.note)} rows={2} className="field-input" />
      </FormField>
      <FormError message={form.errors?.join(" ")} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save progress"}
      </button>
    </fetcher.Form>
  );
}

/** One form per project, with its own fetcher; it starts afresh from the new value after each change. */
export function ProgressForm({ pageResult, version, ...project }: ProgressFormProps) {
  const fetcher = useFetcher<FormResult>();
  const mine = pageResult?.intent === "set-progress" && pageResult.targetId === project.projectId ? pageResult : undefined;
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
  return (
    <div className="space-y-2">
      <ProgressFields
        key={version}
        fetcher={fetcher}
        {...project}
        lastResult={outcome?.status === "invalid" ? outcome.result : undefined}
      />
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} />
      <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
        {outcome?.status === "success" ? outcome.message : null}
      </p>
    </div>
  );
}
