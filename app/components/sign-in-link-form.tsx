import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { signInLinkRequestSchema } from "~/lib/schemas/sign-in-link";

// Decision 0098: "E-mail me a sign-in link", a plain form posting the address to /login/email-link
// (works without JavaScript), on /login, on /employee-login when staff may use it, and on the
// link's page when a link has expired.

/** Where the form posts; its page shows the answer. */
export const SIGN_IN_LINK_REQUEST_PATH = "/login/email-link";

const constraint = getZodConstraint(signInLinkRequestSchema);

export function SignInLinkForm({
  id,
  outcome,
  emailLabel = "E-mail for the link",
}: {
  id: string;
  outcome?: FormResult;
  emailLabel?: string;
}) {
  const [form, fields] = useForm({
    id,
    lastResult: outcome?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInLinkRequestSchema }),
  });
  return (
    <Form method="post" action={SIGN_IN_LINK_REQUEST_PATH} {...getFormProps(form)} className="space-y-4">
      <InputField field={fields.email} type="email" label={emailLabel} autoComplete="email" />
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-secondary w-full">
        E-mail me a sign-in link
      </button>
    </Form>
  );
}

/** The option on a sign-in page: a disclosure (works without JavaScript) holding the form. */
export function SignInLinkDisclosure({ id, emailLabel }: { id: string; emailLabel?: string }) {
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800 dark:text-slate-200">E-mail me a sign-in link</summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        No password needed: the link signs you in once, within 15 minutes. Two-factor sign-in still asks for your code.
      </p>
      <div className="mt-4">
        <SignInLinkForm id={id} emailLabel={emailLabel} />
      </div>
    </details>
  );
}
