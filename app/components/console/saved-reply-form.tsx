import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { savedReplySchema } from "~/lib/schemas/support-desk";
import { PLACEHOLDERS } from "~/lib/support-desk";

const constraint = getZodConstraint(savedReplySchema);

interface SavedReplyFormProps {
  /** The reply being edited; none for a new one. */
  editing?: { id: string; title: string; body: string };
  lastResult?: FormResult;
}

/** Title and text of a saved reply, for adding and editing. */
export function SavedReplyForm({ editing, lastResult }: SavedReplyFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const mine = lastResult?.intent === "save" ? lastResult : undefined;
  const [form, fields] = useForm({
    id: editing ? `saved-reply-${editing.id}` : "saved-reply-new",
    lastResult: mine?.result,
    defaultValue: editing ? { title: editing.title, body: editing.body } : undefined,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedReplySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="saved-reply-form-heading" className="space-y-4">
      <h3 id="saved-reply-form-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {editing ? "Edit saved reply" : "New saved reply"}
      </h3>
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormField
        id={fields.title.id}
        label="Title"
        errors={fields.title.errors}
        errorId={fields.title.errorId}
        hint="What staff pick it by, e.g. “Password reset steps”."
      >
        <input {...getInputProps(fields.title, { type: "text" })} className="field-input" />
      </FormField>
      <FormField
        id={fields.body.id}
        label="Text"
        errors={fields.body.errors}
        errorId={fields.body.errorId}
        hint={
          <>
            Placeholders, filled from the request:{" "}
            {PLACEHOLDERS.map((p, i) => (
              <span key={p}>
                {i > 0 ? ", " : ""}
                <code>{p}</code>
              </span>
            ))}
            .
          </>
        }
      >
        <textarea {...getTextareaProps(fields.body)} rows={6} className="field-input" />
      </FormField>
      <ActionMessage outcome={mine?.status === "invalid" ? undefined : mine} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : editing ? "Save changes" : "Add saved reply"}
      </button>
    </Form>
  );
}
