import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { AttachmentInput, inputKeyAfter } from "~/components/attachments/attachment-input";
import { isBlankReply } from "~/lib/schemas/complaints";
import { staffReplySchema } from "~/lib/schemas/complaints-staff";
import type { FormResult } from "~/lib/form-result";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(staffReplySchema);

/**
 * Staff answer a request; the client's company sees it live and is notified. `prefill` is a saved
 * reply chosen with the picker (?saved=ID), already filled for this request on the server.
 */
export function StaffReplyForm({ lastResult, prefill, action }: { lastResult?: FormResult; prefill?: string; action?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  const mine = lastResult?.intent === "reply" ? lastResult : undefined;
  const [form, fields] = useForm({
    id: "staff-reply",
    lastResult: mine?.result,
    defaultValue: prefill ? { text: prefill } : undefined,
    constraint,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffReplySchema }),
  });
  const formProps = getFormProps(form);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // SPEC §5: a blank reply is ignored — no request, no error.
    if (isBlankReply(new FormData(event.currentTarget).get("text"))) {
      event.preventDefault();
      return;
    }
    formProps.onSubmit(event);
  }
  const { required: _required, ...textareaProps } = getTextareaProps(fields.text);
  return (
    // Posts to the page without ?saved=, so a sent reply does not come back as a filled box.
    <Form method="post" action={action} encType="multipart/form-data" {...formProps} onSubmit={onSubmit} aria-labelledby="staff-reply-heading" className="space-y-2">
      <h3 id="staff-reply-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Reply to the client
      </h3>
      <input type="hidden" name="intent" value="reply" />
      <label htmlFor={fields.text.id} className="field-label">
        Your reply
      </label>
      <textarea {...textareaProps} rows={4} className="field-input" />
      <div id={fields.text.errorId} className="field-error" aria-live="polite">
        {fields.text.errors?.join(" ")}
      </div>
      <AttachmentInput key={inputKeyAfter(mine)} id="staff-reply-attachments" />
      <FormError message={mine?.status === "error" ? mine.message : undefined} />
      {mine?.status === "success" ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {mine.message}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={sending}>
        {sending ? "Sending..." : "Send Reply"}
      </button>
    </Form>
  );
}
