import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ConfirmStep, DangerSubmit } from "~/components/console/confirm-step";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { creditNoteSchema, paymentSchema, voidInvoiceSchema } from "~/lib/schemas/invoices";

// An issued invoice's forms in the console: record a payment, void it, credit it. Each posts its
// own intent and shows its refusal in place (a payment over the balance beside the amount).

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function PaymentForm({ currency, today, outcome }: { currency: string; today: string; outcome?: FormResult }) {
  const pending = usePending("payment");
  const [form, fields] = useForm({
    id: "invoice-payment",
    lastResult: outcome?.status === "success" ? undefined : outcome?.result,
    defaultValue: { currency, method: "bank-transfer", paidOn: today },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="payment-heading" className="space-y-4">
      <h3 id="payment-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Record a payment
      </h3>
      <input type="hidden" name="intent" value="payment" />
      <input {...getInputProps(fields.currency, { type: "hidden" })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.amount} type="text" label={`Amount (${currency})`} inputMode="decimal" autoComplete="off" />
        <FormField id={fields.method.id} label="Method" errors={fields.method.errors} errorId={fields.method.errorId}>
          <select {...getSelectProps(fields.method)} className="field-input">
            <option value="bank-transfer">Bank transfer</option>
            <option value="cash">Cash</option>
            <option value="other">Other</option>
          </select>
        </FormField>
        <InputField field={fields.paidOn} type="date" label="Paid on" />
        <InputField field={fields.reference} type="text" label="Reference" optional />
      </div>
      <div id={form.errorId} className="field-error" aria-live="polite">
        {form.errors?.join(" ")}
      </div>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Recording..." : "Record payment"}
      </button>
    </Form>
  );
}

export function VoidForm({ cancelTo, outcome }: { cancelTo: string; outcome?: FormResult }) {
  const pending = usePending("void");
  const [form, fields] = useForm({
    id: "invoice-void",
    lastResult: outcome?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: voidInvoiceSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="void" />
      <FormField
        id={fields.reason.id}
        label="Reason"
        errors={fields.reason.errors}
        errorId={fields.reason.errorId}
        hint="Kept with the invoice and shown on it."
      >
        <textarea {...getTextareaProps(fields.reason)} rows={2} className="field-input" />
      </FormField>
      <ActionMessage outcome={outcome} />
      <ConfirmStep id="void-question" question="Void this invoice? Its number stays used; this cannot be undone." cancelTo={cancelTo}>
        <DangerSubmit pending={pending} label="Void invoice" pendingLabel="Voiding..." />
      </ConfirmStep>
    </Form>
  );
}

export interface CreditableLine {
  id: string;
  position: number;
  description: string;
}

export function CreditNoteForm({ lines, cancelTo, outcome }: { lines: CreditableLine[]; cancelTo: string; outcome?: FormResult }) {
  const pending = usePending("credit");
  const [form, fields] = useForm({
    id: "invoice-credit",
    lastResult: outcome?.result,
    defaultValue: { scope: "all", lines: lines.map((l) => ({ lineId: l.id, quantity: "" })) },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: creditNoteSchema }),
  });
  const rows = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="credit" />
      <fieldset>
        <legend className="field-label">What to credit</legend>
        <label className="mt-1 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input {...getInputProps(fields.scope, { type: "radio", value: "all" })} key="all" />
          All that is left on the invoice
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input {...getInputProps(fields.scope, { type: "radio", value: "lines" })} key="lines" />
          These quantities per line
        </label>
        <div id={fields.scope.errorId} className="field-error" aria-live="polite">
          {fields.scope.errors?.join(" ")}
        </div>
      </fieldset>
      <ul className="space-y-2">
        {rows.map((row, i) => {
          const f = row.getFieldset();
          const line = lines[i];
          if (!line) return null;
          return (
            <li key={row.key ?? row.id}>
              <input {...getInputProps(f.lineId, { type: "hidden" })} />
              <InputField
                field={f.quantity}
                type="text"
                label={`Line ${line.position}: ${line.description} (quantity to credit)`}
                inputMode="decimal"
                optional
              />
              <div id={row.errorId} className="field-error" aria-live="polite">
                {row.errors?.join(" ")}
              </div>
            </li>
          );
        })}
      </ul>
      <FormField
        id={fields.notes.id}
        label="Reason"
        optional
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
        hint="Printed on the credit note."
      >
        <textarea {...getTextareaProps(fields.notes)} rows={2} className="field-input" />
      </FormField>
      <div id={form.errorId} className="field-error" aria-live="polite">
        {form.errors?.join(" ")}
      </div>
      <ActionMessage outcome={outcome} />
      <ConfirmStep
        id="credit-question"
        question="Issue a credit note? It takes a number of its own and cannot be changed."
        cancelTo={cancelTo}
      >
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? "Issuing..." : "Issue credit note"}
        </button>
      </ConfirmStep>
    </Form>
  );
}
