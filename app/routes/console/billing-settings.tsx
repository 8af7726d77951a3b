import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/billing-settings";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { billingSettingsSchema } from "~/lib/schemas/invoices";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { getBillingSettings, updateBillingSettings } from "~/server/models/billing/billing-settings.server";

// Console → Billing → Settings (admin and finance): how invoices are numbered, the agency's tax ID
// and bank details printed on them, the default payment terms, the reminder days and how long
// invoices are kept. Each change is audited (models/billing/billing-settings.server.ts).

export function meta() {
  return [{ title: "Billing settings | Employee Dashboard" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "billing");
  return { settings: await getBillingSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "billing");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save"]);
  const submission = parseWithZod(formData, { schema: billingSettingsSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const value = submission.value;
  try {
    await updateBillingSettings(user, {
      ...value,
      agencyTaxId: value.agencyTaxId ?? "",
      bankDetails: value.bankDetails ?? "",
      reminderDays: value.reminderDays ?? "",
    });
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "billing settings save failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: "Billing settings saved. New invoices use them; issued ones keep theirs." });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function BillingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: "billing-settings",
    lastResult: actionData?.status === "success" ? undefined : actionData?.result,
    defaultValue: { ...settings, netDays: String(settings.netDays), retentionYears: String(settings.retentionYears) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: billingSettingsSchema }),
  });
  return (
    <ConsoleEditPage
      headingId="billing-settings-heading"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title="Billing settings"
    >
      <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5">
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            field={fields.invoiceNumberFormat}
            type="text"
            label="Invoice numbers"
            hint="{YYYY}, {YY} and {MM} are the issue date; {0001} is the counter, padded to its width."
          />
          <InputField
            field={fields.creditNoteNumberFormat}
            type="text"
            label="Credit note numbers"
            hint="A prefix of their own, e.g. CN-{YYYY}-{0001}."
          />
          <InputField field={fields.netDays} type="number" label="Days to pay (new invoices)" inputMode="numeric" />
          <InputField field={fields.agencyTaxId} type="text" label="Your tax ID" optional />
          <InputField
            field={fields.reminderDays}
            type="text"
            label="Reminders, in days from the due date"
            optional
            hint="Comma-separated: -3, 0, 7, 14 is three days before, on the day, then one and two weeks late. Empty: no reminders."
          />
          <InputField field={fields.retentionYears} type="number" label="Keep invoices for (years)" inputMode="numeric" />
        </div>
        <FormField
          id={fields.bankDetails.id}
          label="Bank details"
          optional
          errors={fields.bankDetails.errors}
          errorId={fields.bankDetails.errorId}
          hint="Printed on every invoice, one line each (bank, IBAN, BIC or account and sort code)."
        >
          <textarea {...getTextareaProps(fields.bankDetails)} rows={4} className="field-input" />
        </FormField>
        <ActionMessage outcome={actionData} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
