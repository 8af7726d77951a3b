import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { retainerSchema } from "~/lib/schemas/invoices";

/** A saved draft repeated every month or quarter (a retainer), written by the daily billing run. */
export function RetainerForm({ today, outcome }: { today: string; outcome?: FormResult }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "retainer";
  const [form, fields] = useForm({
    id: "invoice-retainer",
    lastResult: outcome?.status === "success" ? undefined : outcome?.result,
    defaultValue: { interval: "monthly", startOn: today },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retainerSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="retainer-heading" className="space-y-3">
      <h3 id="retainer-heading" className="font-semibold text-slate-900 dark:text-white">
        Repeat as a retainer
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The draft as saved is written again for this client on each day, by the daily billing run.
      </p>
      <input type="hidden" name="intent" value="retainer" />
      <FormField id={fields.interval.id} label="Every" errors={fields.interval.errors} errorId={fields.interval.errorId}>
        <select {...getSelectProps(fields.interval)} className="field-input">
          <option value="monthly">Month</option>
          <option value="quarterly">Quarter</option>
        </select>
      </FormField>
      <InputField field={fields.startOn} type="date" label="First invoice on" />
      <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
        <input {...getInputProps(fields.autoIssue, { type: "checkbox" })} className="mt-1" />
        <span>Issue and send each one by itself (otherwise each stays a draft for you to check)</span>
      </label>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-secondary" disabled={pending}>
        {pending ? "Starting..." : "Start retainer"}
      </button>
    </Form>
  );
}
