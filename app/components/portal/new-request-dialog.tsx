import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { type FetcherWithComponents, href, useFetcher } from "react-router";
import { FormField, InputField } from "~/components/forms/form-field";
import { AttachmentInput, inputKeyAfter } from "~/components/attachments/attachment-input";
import type { FormResult } from "~/lib/form-result";
import { complaintSchema } from "~/lib/schemas/complaints";
import { GetButton } from "./get-button";
import { CloseIcon } from "./icons";
import { FormError } from "~/components/forms/form-error";
import { dialogClassName, useUrlDialog } from "./url-dialog";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(complaintSchema);

const SUPPORT_PATH = href("/user-dashboard/support");

/** "New request" and its modal form (SPEC §2 Support); `?new` opens it without JavaScript. */
export function NewRequest({ pageResult }: { pageResult?: FormResult }) {
  const failedWithoutJs = pageResult?.intent === "create-complaint" && pageResult.status !== "success" ? pageResult : undefined;
  const dialog = useUrlDialog("new", Boolean(failedWithoutJs));
  const fetcher = useFetcher<FormResult>();
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? failedWithoutJs) : undefined;
  const handled = useRef<unknown>(undefined);
  const { close } = dialog;

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.status !== "success" || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    close();
  }, [fetcher.state, fetcher.data, close]);

  return (
    <>
      <GetButton
        to={SUPPORT_PATH}
        params={{ new: "1" }}
        className="btn-primary"
        onClick={(event) => {
          event.preventDefault();
          dialog.open();
        }}
      >
        New request
      </GetButton>
      <dialog
        ref={dialog.ref}
        open={dialog.openedByUrl || undefined}
        onClose={dialog.onClose}
        aria-labelledby="new-request-title"
        className={dialogClassName}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4 dark:border-slate-700">
          <h2 id="new-request-title" className="text-xl font-bold">
            New support request
          </h2>
          <GetButton
            to={SUPPORT_PATH}
            aria-label="Close"
            className="rounded-md p-1"
            onClick={(event) => {
              event.preventDefault();
              close();
            }}
          >
            <CloseIcon />
          </GetButton>
        </div>
        <div className="max-h-[75vh] overflow-y-auto px-6 py-5">
          <ComplaintForm fetcher={fetcher} outcome={outcome} />
        </div>
      </dialog>
    </>
  );
}

function ComplaintForm({ fetcher, outcome }: { fetcher: FetcherWithComponents<FormResult>; outcome?: FormResult }) {
  const submitting = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "new-request",
    lastResult: outcome?.result,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complaintSchema }),
  });
  return (
    // Multipart so that files go with the request, with or without JavaScript.
    <fetcher.Form method="post" action={SUPPORT_PATH} encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="create-complaint" />
      <InputField field={fields.subject} type="text" label="Subject" />
      <FormField id={fields.message.id} label="Message" errors={fields.message.errors} errorId={fields.message.errorId}>
        <textarea {...getTextareaProps(fields.message)} rows={5} className="field-input" />
      </FormField>
      <AttachmentInput key={inputKeyAfter(outcome)} id="new-request-attachments" />
      <FormError message={outcome?.status === "error" ? outcome.message : undefined} />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Submitting..." : "Submit Request"}
      </button>
    </fetcher.Form>
  );
}
