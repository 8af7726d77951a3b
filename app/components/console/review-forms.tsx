import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, type FetcherWithComponents } from "react-router";
import type { z } from "~/lib/zod";
import { NOTE_MAX_LENGTH, recordNoteSchema } from "~/lib/schemas/record-note";
import { FormError } from "~/components/forms/form-error";
import type { FormResult } from "~/lib/form-result";
import { NOTE_INTENT } from "~/lib/schemas/review";

const SAVED = "text-sm text-emerald-800 dark:text-emerald-300";

interface PipelineFormProps {
  /** "status" or "stage": the field, and the intent the action dispatches on. */
  field: string;
  label: string;
  current: string;
  options: { value: string; label: string }[];
  schema: z.ZodType<Record<string, string>>;
  /** The page's own action result, for the no-JavaScript round trip. */
  pageResult?: FormResult;
}

/** Moves a record along its pipeline: one select and a Save button. */
export function PipelineForm(props: PipelineFormProps) {
  const fetcher = useFetcher<FormResult>();
  // Keyed by the stored value: a change made elsewhere (live reload) resets the select.
  return <PipelineFields key={props.current} {...props} fetcher={fetcher} />;
}

function PipelineFields({
  field,
  label,
  current,
  options,
  schema,
  pageResult,
  fetcher,
}: PipelineFormProps & { fetcher: FetcherWithComponents<FormResult> }) {
  const mine = pageResult?.intent === field ? pageResult : undefined;
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
  const [form, fields] = useForm<Record<string, string>>({
    id: `${field}-form`,
    defaultValue: { [field]: current },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const control = fields[field]!;
  const saving = fetcher.state !== "idle";
  const errors = control.errors ?? (outcome?.status === "invalid" ? outcome.result?.error?.[field] : undefined);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={field} />
      <div>
        <label htmlFor={control.id} className="field-label">
          {label}
        </label>
        <select {...getSelectProps(control)} className="field-input min-w-48">
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <div id={control.errorId} className="field-error" aria-live="polite">
          {errors?.join(" ")}
        </div>
      </div>
      <button type="submit" className="btn-primary mb-6" disabled={saving}>
        {saving ? "Saving..." : `Save ${label.toLowerCase()}`}
      </button>
      <p role="status" className={`${SAVED} mb-6`}>
        {outcome?.status === "success" ? `${label} saved.` : ""}
      </p>
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} className="w-full" />
    </fetcher.Form>
  );
}

/** An internal note, seen by staff only. */
export function NoteForm({ pageResult }: { pageResult?: FormResult }) {
  const fetcher = useFetcher<FormResult>();
  const mine = pageResult?.intent === NOTE_INTENT ? pageResult : undefined;
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
  const [form, fields] = useForm({
    id: "note-form",
    lastResult: outcome?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recordNoteSchema }),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={NOTE_INTENT} />
      <label htmlFor={fields.text.id} className="field-label">
        Add an internal note
      </label>
      <textarea {...getTextareaProps(fields.text)} rows={3} maxLength={NOTE_MAX_LENGTH} className="field-input" />
      <div id={fields.text.errorId} className="field-error" aria-live="polite">
        {fields.text.errors?.join(" ")}
      </div>
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} />
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Saving..." : "Add note"}
      </button>
    </fetcher.Form>
  );
}
