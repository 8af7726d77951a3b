import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";
import { noteSchema } from "~/lib/schemas/support-desk";

// The composer's Internal note tab: a staff-only note on the request (decision 0044).

const constraint = getZodConstraint(noteSchema);

/** `labelledBy`: the composer's tab, or the disclosure's summary without JavaScript. */
export function NoteForm({ lastResult, labelledBy, action }: { lastResult?: FormResult; labelledBy: string; action?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-note";
  const mine = lastResult?.intent === "add-note" ? lastResult : undefined;
  const [form, fields] = useForm({
    id: "internal-note",
    lastResult: mine?.result,
    constraint,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} aria-labelledby={labelledBy} className="space-y-2">
      <input type="hidden" name="intent" value="add-note" />
      <label htmlFor={fields.text.id} className="field-label">
        New internal note
      </label>
      <textarea {...getTextareaProps(fields.text)} rows={4} className="field-input" />
      <div id={fields.text.errorId} className="field-error" aria-live="polite">
        {fields.text.errors?.join(" ")}
      </div>
      {/* A saved note is confirmed above the composer, which hands the box back to Reply. */}
      <ActionMessage outcome={mine?.status === "invalid" || mine?.status === "success" ? undefined : mine} />
      <button
        type="submit"
        className="btn bg-amber-700 text-white hover:bg-amber-800 dark:bg-amber-400 dark:text-slate-950 dark:hover:bg-amber-300"
        disabled={saving}
      >
        {saving ? "Adding..." : "Add internal note"}
      </button>
    </Form>
  );
}
