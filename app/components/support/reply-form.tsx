import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useFetcher, useNavigation } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { AttachmentInput, inputKeyAfter } from "~/components/attachments/attachment-input";
import { REPLY_TARGET_PARAM } from "~/lib/attachments";
import type { FormResult } from "~/lib/form-result";
import { isBlankReply, replySchema } from "~/lib/schemas/complaints";
import { staffReplySchema } from "~/lib/schemas/complaints-staff";

// Derived from the schema once, not on every render.
const staffConstraint = getZodConstraint(staffReplySchema);

type ReplyFormProps =
  /** One reply box per request on the portal's Support page; its own fetcher keeps each box's state apart. */
  | {
      audience: "client";
      complaintId: string;
      subject: string;
      /** The page's own action result, for the no-JavaScript round trip. */ pageResult?: FormResult;
    }
  /**
   * Staff answer a request; the client's company sees it live and is notified. `prefill` is a saved
   * reply chosen with the picker (?saved=ID), already filled for this request on the server.
   * `labelledBy`: what names the form, the composer's Reply tab or its heading.
   */
  | { audience: "staff"; lastResult?: FormResult; prefill?: string; action?: string; labelledBy: string };

/** A reply to a support request, with files: the client's under each request, the staff's on the request page. */
export function ReplyForm(props: ReplyFormProps) {
  const fetcher = useFetcher<FormResult>();
  const navigation = useNavigation();
  const client = props.audience === "client" ? props : undefined;
  const staff = props.audience === "staff" ? props : undefined;
  let outcome: FormResult | undefined;
  let sending: boolean;
  if (client) {
    const mine = client.pageResult?.intent === "reply" && client.pageResult.targetId === client.complaintId ? client.pageResult : undefined;
    outcome = fetcher.state === "idle" ? (fetcher.data ?? mine) : undefined;
    sending = fetcher.state !== "idle";
  } else {
    outcome = staff?.lastResult?.intent === "reply" ? staff.lastResult : undefined;
    sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reply";
  }
  const schema = staff ? staffReplySchema : replySchema;
  const id = client ? `reply-${client.complaintId}` : "staff-reply";
  const [form, fields] = useForm({
    id,
    lastResult: outcome?.result,
    defaultValue: staff?.prefill ? { text: staff.prefill } : undefined,
    constraint: staff ? staffConstraint : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
  // A blank reply is ignored rather than refused, so the box is never marked required.
  const { required: _required, ...textareaProps } = getTextareaProps(fields.text);
  const body = (
    <>
      <input type="hidden" name="intent" value="reply" />
      {client ? <input type="hidden" name="complaintId" value={client.complaintId} /> : null}
      <label htmlFor={fields.text.id} className="field-label">
        {client ? (
          <>
            Reply<span className="sr-only"> to {client.subject}</span>
          </>
        ) : (
          "Your reply"
        )}
      </label>
      <textarea {...textareaProps} rows={client ? 2 : 4} className="field-input" />
      <div id={fields.text.errorId} className="field-error" aria-live="polite">
        {fields.text.errors?.join(" ")}
      </div>
      {/* A sent reply clears the chosen files too (a new input, keyed by the answer). */}
      <AttachmentInput key={inputKeyAfter(client ? fetcher.data : outcome)} id={`${id}-attachments`} />
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} />
      {staff && outcome?.status === "success" ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
          {outcome.message}
        </p>
      ) : null}
      <button type="submit" className={client ? "btn-secondary" : "btn-primary"} disabled={sending}>
        {sending ? "Sending..." : "Send Reply"}
      </button>
    </>
  );
  if (client) {
    const action = `${href("/user-dashboard/support")}?${REPLY_TARGET_PARAM}=${encodeURIComponent(client.complaintId)}`;
    return (
      <fetcher.Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="mt-4 space-y-2"
      >
        {body}
      </fetcher.Form>
    );
  }
  return (
    // Posts to the page without ?saved=, so a sent reply does not come back as a filled box.
    <Form
      method="post"
      action={staff?.action}
      encType="multipart/form-data"
      {...formProps}
      onSubmit={onSubmit}
      aria-labelledby={staff?.labelledBy}
      className="space-y-2"
    >
      {body}
    </Form>
  );
}
