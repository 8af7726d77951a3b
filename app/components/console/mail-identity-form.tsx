import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import type { MailIdentity } from "~/lib/brand";
import type { FormResult } from "~/lib/form-result";
import { mailIdentitySchema } from "~/lib/schemas/brand";

const constraint = getZodConstraint(mailIdentitySchema);

/** Who mails leave as and where lead and application notices go. */
export function MailIdentityForm({
  mail,
  version,
  lastResult,
  outcome,
}: {
  mail: MailIdentity;
  version: number;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-mail";
  const [form, fields] = useForm({
    id: "mail-identity",
    lastResult,
    defaultValue: {
      version: String(version),
      senderName: mail.senderName,
      senderAddress: mail.senderAddress ?? "",
      leadsInbox: mail.leadsInbox ?? "",
      applicationsInbox: mail.applicationsInbox ?? "",
    },
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mailIdentitySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save-mail" />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <InputField field={fields.senderName} type="text" label="Sender name" hint="The name mails are from." />
      <InputField
        field={fields.senderAddress}
        type="email"
        label="Sender address"
        optional
        hint="Empty: the address set for this server (MAIL_FROM) or no-reply@ the company domain."
      />
      <InputField
        field={fields.leadsInbox}
        type="email"
        label="Lead inbox"
        optional
        hint="Where a new quote request is mailed. Empty: lead notices are not mailed, only shown in the console (unless this server sets MAIL_SALES_TO)."
      />
      <InputField
        field={fields.applicationsInbox}
        type="email"
        label="Application inbox"
        optional
        hint="Where a new job application is mailed. Empty: application notices are not mailed, only shown in the console (unless this server sets MAIL_HR_TO)."
      />
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save mail settings"}
      </button>
    </Form>
  );
}
