import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { QUOTE_SUCCESS_MESSAGE } from "~/lib/constants";
import type { FormResult } from "~/lib/form-result";
import { quoteSchema } from "~/lib/schemas/quotes";
import { FormField, InputField } from "~/components/forms/form-field";
import { ConsentField } from "~/components/forms/consent-field";
import { FormError } from "~/components/forms/form-error";
import { SpamFields } from "~/components/forms/spam-fields";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(quoteSchema);

interface QuoteFormProps {
  idPrefix: string;
  formToken: string;
  /** Resolves when the page has been open long enough for the server's minimum fill time. */
  waitUntilReady: () => Promise<void>;
  /** Called after the server accepted the request. */
  onSuccess?: (message: string) => void;
  /** The page's own action result, for the no-JavaScript round trip. */
  pageResult?: FormResult;
}

export function QuoteForm({ idPrefix, formToken, waitUntilReady, onSuccess, pageResult }: QuoteFormProps) {
  const fetcher = useFetcher<FormResult>();
  const [waiting, setWaiting] = useState(false);
  const submitting = waiting || fetcher.state !== "idle";
  const data = fetcher.state === "idle" ? (fetcher.data ?? pageResult) : undefined;
  const handled = useRef<unknown>(undefined);

  const [form, fields] = useForm({
    id: `${idPrefix}-quote`,
    lastResult: data?.result,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSchema }),
  });

  useEffect(() => {
    if (data?.status === "success" && handled.current !== data) {
      handled.current = data;
      onSuccess?.(QUOTE_SUCCESS_MESSAGE);
    }
  }, [data, onSuccess]);

  const formProps = getFormProps(form);
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    setWaiting(true);
    void waitUntilReady().then(() => {
      setWaiting(false);
      void fetcher.submit(body, { method: "post", action: "/quote" });
    });
  }

  return (
    <fetcher.Form method="post" action="/quote" {...formProps} onSubmit={onSubmit} className="relative space-y-4">
      <SpamFields token={formToken} />
      <InputField field={fields.name} type="text" label="Full Name" autoComplete="name" />
      <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
      <InputField field={fields.phone} type="tel" label="Phone" autoComplete="tel" />
      <InputField field={fields.country} type="text" label="Country" optional autoComplete="country-name" />
      <FormField id={fields.requirement.id} label="Requirement" errors={fields.requirement.errors} errorId={fields.requirement.errorId}>
        <textarea {...getTextareaProps(fields.requirement)} rows={4} className="field-input" />
      </FormField>
      <ConsentField field={fields.consent} form="quote" />
      <FormError message={data?.status === "error" ? data.message : undefined} />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? "Submitting..." : "Submit Request"}
      </button>
    </fetcher.Form>
  );
}
