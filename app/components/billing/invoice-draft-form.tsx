import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { milestoneLink, projectLink, type LinkableProject } from "~/lib/invoice-links";
import { invoiceDraftSchema } from "~/lib/schemas/invoices";

/** What the editor shows: the stored draft as text, the way a person types it (lib/money.ts). */
export type DraftFormValue = {
  version: string;
  currency: string;
  netDays: string;
  discount: string;
  billingName: string;
  billingAddress: string;
  billingEmail: string;
  clientTaxId: string;
  taxNote: string;
  notes: string;
  terms: string;
  /** `link`: "project:<id>", "milestone:<id>" or "" (lib/invoice-links.ts). */
  lines: { description: string; quantity: string; unitPrice: string; taxRate: string; link: string }[];
};

export const EMPTY_LINE = { description: "", quantity: "1", unitPrice: "", taxRate: "0", link: "" };

/**
 * A draft's editor. The lines are a Conform list: "Add line" and "Remove" are list intents, plain
 * submit buttons that the action answers with the rows (decision 0085), so they work without
 * JavaScript. No amount is computed here: the totals beside the form are the server's, after a save.
 */
export function InvoiceDraftForm({
  formId,
  defaultValue,
  lastResult,
  outcome,
  work,
}: {
  formId: string;
  defaultValue: DraftFormValue;
  /** The invoice's company's projects and milestones, offered to each line. */
  work: LinkableProject[];
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: invoiceDraftSchema }),
  });
  const lines = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="save" />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      {/* Enter in a field submits with the form's first submit button: make that "Save", not a row's "Remove". */}
      <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
        Save draft
      </button>
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField field={fields.currency} type="text" label="Currency" hint="ISO 4217, e.g. EUR" maxLength={3} autoComplete="off" />
        <InputField
          field={fields.netDays}
          type="text"
          label="Days to pay"
          inputMode="numeric"
          hint="The due date is the issue date plus these days."
        />
        <InputField field={fields.discount} type="text" label="Discount (%)" inputMode="decimal" optional />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.billingName} type="text" label="Billed to" />
        <InputField field={fields.billingEmail} type="email" label="Billing e-mail" optional />
        <FormField
          id={fields.billingAddress.id}
          label="Address"
          optional
          errors={fields.billingAddress.errors}
          errorId={fields.billingAddress.errorId}
        >
          <textarea {...getTextareaProps(fields.billingAddress)} rows={3} className="field-input" />
        </FormField>
        <div className="space-y-5">
          <InputField field={fields.clientTaxId} type="text" label="Client tax ID" optional />
          <FormField id={fields.taxNote.id} label="Tax note" optional errors={fields.taxNote.errors} errorId={fields.taxNote.errorId}>
            <select {...getSelectProps(fields.taxNote)} className="field-input">
              <option value="">None</option>
              <option value="reverse-charge">Reverse charge</option>
              <option value="zero-rated">Zero-rated</option>
            </select>
          </FormField>
        </div>
      </div>
      <fieldset aria-describedby={fields.lines.errorId}>
        <legend className="field-label">Lines</legend>
        {lines.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No lines yet: add the first one.</p> : null}
        <ol className="space-y-4">
          {lines.map((item, index) => {
            const line = item.getFieldset();
            const n = index + 1;
            return (
              // Rows added by a no-JavaScript round trip have no Conform key yet; their position is stable then.
              <li key={item.key ?? item.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <div className="grid gap-3 sm:grid-cols-[3fr_1fr_1fr_1fr_auto] sm:items-start">
                  <InputField field={line.description} type="text" label={`Line ${n}: description`} />
                  <InputField field={line.quantity} type="text" label="Quantity" inputMode="decimal" />
                  <InputField field={line.unitPrice} type="text" label="Unit price" inputMode="decimal" />
                  <InputField field={line.taxRate} type="text" label="Tax (%)" inputMode="decimal" />
                  <button
                    {...form.remove.getButtonProps({ name: fields.lines.name, index })}
                    className="btn-secondary mt-6 shrink-0 px-3 py-2"
                    aria-label={`Remove line ${n}`}
                  >
                    Remove
                  </button>
                </div>
                <div className="mt-3 sm:max-w-md">
                  <FormField
                    id={line.link.id}
                    label={`Line ${n}: project or milestone`}
                    optional
                    errors={line.link.errors}
                    errorId={line.link.errorId}
                  >
                    <WorkSelect {...getSelectProps(line.link)} work={work} />
                  </FormField>
                </div>
                <div id={item.errorId} className="field-error" aria-live="polite">
                  {item.errors?.join(" ")}
                </div>
              </li>
            );
          })}
        </ol>
        <div id={fields.lines.errorId} className="field-error" aria-live="polite">
          {fields.lines.errors?.join(" ")}
        </div>
        <button {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: EMPTY_LINE })} className="btn-secondary mt-3">
          Add line
        </button>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={fields.notes.id} label="Notes" optional errors={fields.notes.errors} errorId={fields.notes.errorId}>
          <textarea {...getTextareaProps(fields.notes)} rows={3} className="field-input" />
        </FormField>
        <FormField id={fields.terms.id} label="Payment terms" optional errors={fields.terms.errors} errorId={fields.terms.errorId}>
          <textarea {...getTextareaProps(fields.terms)} rows={3} className="field-input" />
        </FormField>
      </div>
      <div id={form.errorId} className="field-error" aria-live="polite">
        {form.errors?.join(" ")}
      </div>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save draft"}
      </button>
    </Form>
  );
}

/** A line's project picker: each project, then its milestones grouped under it. */
function WorkSelect({ work, ...props }: React.ComponentProps<"select"> & { work: LinkableProject[] }) {
  return (
    <select {...props} className="field-input">
      <option value="">{work.length === 0 ? "None (this client has no projects)" : "None"}</option>
      {work.map((p) => (
        <optgroup key={p.id} label={p.title}>
          <option value={projectLink(p.id)}>{p.title} (whole project)</option>
          {p.milestones.map((m) => (
            <option key={m.id} value={milestoneLink(m.id)}>
              {m.title}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
