import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import { REPLY_TARGET_PARAM } from "~/lib/attachments";
import { isBlankReply, replySchema } from "~/lib/schemas/complaints";
import { FormError } from "~/components/forms/form-error";
import { AttachmentInput, inputKeyAfter } from "~/components/attachments/attachment-input";

interface ReplyFormProps {
  complaintId: string;
  subject: string;
  /** The page's own action result, for the no-JavaScript round trip. */
  pageResult?: FormResult;
}

/** One reply box per complaint; its own fetcher keeps each box's state apart. */
export function ReplyForm({ complaintId, subject, pageResult }: ReplyFormProps) {
  const fetcher = useFetcher<FormResult>();
  const mine = pageResult?.intent === "reply" && pageResult.targetId === complaintId ? pageResult : undefined;
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
  const sending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `reply-${complaintId}`,
    lastResult: outcome?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
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

  return (
    <fetcher.Form method="post" action={`${href("/user-dashboard/support")}?${REPLY_TARGET_PARAM}=${encodeURIComponent(complaintId)}`} encType="multipart/form-data" {...formProps} onSubmit={onSubmit} className="mt-4 space-y-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="complaintId" value={complaintId} />
      <label htmlFor={fields.text.id} className="field-label">
        Reply<span className="sr-only"> to {subject}</span>
      </label>
      <textarea {...getTextareaProps(fields.text)} rows={2} className="field-input" />
      <div id={fields.text.errorId} className="field-error" aria-live="polite">
        {fields.text.errors?.join(" ")}
      </div>
      {/* A sent reply clears the chosen files too (a new input, keyed by the answer). */}
      <AttachmentInput key={inputKeyAfter(fetcher.data)} id={`reply-${complaintId}-attachments`} />
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} />
      <button type="submit" className="btn-secondary" disabled={sending}>
        {sending ? "Sending..." : "Send Reply"}
      </button>
    </fetcher.Form>
  );
}
