import { getInputProps, getTextareaProps, type FormMetadata } from "@conform-to/react";
import { FormField, InputField } from "~/components/forms/form-field";
import type { z } from "~/lib/zod";
import type { proposalDraftSchema } from "~/lib/schemas/proposals";
import { EMPTY_ITEM, EMPTY_PHASE, EMPTY_SECTION } from "./proposal-form-value";

type Meta = FormMetadata<z.input<typeof proposalDraftSchema>, string[]>;

const box = "rounded-lg border border-slate-200 p-3 dark:border-slate-800";
const note = "text-sm text-slate-600 dark:text-slate-400";

function ListErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="field-error" aria-live="polite">
      {errors?.join(" ")}
    </div>
  );
}

/** The proposal's sections, phases and priced items: each row removable, each list extendable. */
export function ProposalRows({ form }: { form: Meta }) {
  const fields = form.getFieldset();
  const sections = fields.sections.getFieldList();
  const phases = fields.phases.getFieldList();
  const items = fields.items.getFieldList();
  const remove = (name: string, index: number, label: string) => (
    <button {...form.remove.getButtonProps({ name, index })} className="btn-secondary shrink-0 px-3 py-2" aria-label={label}>
      Remove
    </button>
  );
  return (
    <>
      <fieldset aria-describedby={fields.sections.errorId} className="space-y-3">
        <legend className="field-label">Sections</legend>
        {sections.length === 0 ? <p className={note}>No sections yet: scope, approach, team…</p> : null}
        <ol className="space-y-4">
          {sections.map((entry, index) => {
            const s = entry.getFieldset();
            const n = index + 1;
            return (
              <li key={entry.key ?? entry.id} className={`${box} space-y-3`}>
                <div className="flex items-end gap-3">
                  <div className="flex-1">
                    <InputField field={s.heading} type="text" label={`Section ${n}: heading`} />
                  </div>
                  {remove(fields.sections.name, index, `Remove section ${n}`)}
                </div>
                <FormField id={s.body.id} label={`Section ${n}: text`} hint="Markdown." errors={s.body.errors} errorId={s.body.errorId}>
                  <textarea {...getTextareaProps(s.body)} rows={5} className="field-input" />
                </FormField>
              </li>
            );
          })}
        </ol>
        <ListErrors id={fields.sections.errorId} errors={fields.sections.errors} />
        <button {...form.insert.getButtonProps({ name: fields.sections.name, defaultValue: EMPTY_SECTION })} className="btn-secondary">
          Add section
        </button>
      </fieldset>
      <fieldset aria-describedby={fields.phases.errorId} className="space-y-3">
        <legend className="field-label">Phases</legend>
        <p className={note}>They become the project&apos;s milestones when the client accepts.</p>
        <ol className="space-y-4">
          {phases.map((entry, index) => {
            const p = entry.getFieldset();
            const n = index + 1;
            return (
              <li key={entry.key ?? entry.id} className={box}>
                <div className="grid gap-3 sm:grid-cols-[2fr_3fr_1fr_auto] sm:items-start">
                  <InputField field={p.title} type="text" label={`Phase ${n}: title`} />
                  <InputField field={p.description} type="text" label="Description" optional />
                  <InputField field={p.dueInDays} type="text" label="Due in days" inputMode="numeric" optional />
                  <div className="sm:mt-6">{remove(fields.phases.name, index, `Remove phase ${n}`)}</div>
                </div>
              </li>
            );
          })}
        </ol>
        <ListErrors id={fields.phases.errorId} errors={fields.phases.errors} />
        <button {...form.insert.getButtonProps({ name: fields.phases.name, defaultValue: EMPTY_PHASE })} className="btn-secondary">
          Add phase
        </button>
      </fieldset>
      <fieldset aria-describedby={fields.items.errorId} className="space-y-3">
        <legend className="field-label">Items</legend>
        {items.length === 0 ? <p className={note}>No priced items yet: a proposal is sent with at least one.</p> : null}
        <ol className="space-y-4">
          {items.map((entry, index) => {
            const item = entry.getFieldset();
            const n = index + 1;
            return (
              <li key={entry.key ?? entry.id} className={`${box} space-y-3`}>
                <input {...getInputProps(item.id, { type: "hidden" })} />
                <div className="grid gap-3 sm:grid-cols-[3fr_1fr_1fr_1fr_auto] sm:items-start">
                  <InputField field={item.description} type="text" label={`Item ${n}: description`} />
                  <InputField field={item.quantity} type="text" label="Quantity" inputMode="decimal" />
                  <InputField field={item.unitPrice} type="text" label="Unit price" inputMode="decimal" />
                  <InputField field={item.taxRate} type="text" label="Tax (%)" inputMode="decimal" />
                  <div className="sm:mt-6">{remove(fields.items.name, index, `Remove item ${n}`)}</div>
                </div>
                <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800 dark:text-slate-200">
                  <label className="flex items-center gap-2">
                    <input {...getInputProps(item.optional, { type: "checkbox" })} />
                    Item {n} is optional
                  </label>
                  <label className="flex items-center gap-2">
                    <input {...getInputProps(item.included, { type: "checkbox" })} />
                    Optional item {n} ticked at first
                  </label>
                </div>
                <ListErrors id={entry.errorId} errors={entry.errors} />
              </li>
            );
          })}
        </ol>
        <ListErrors id={fields.items.errorId} errors={fields.items.errors} />
        <button {...form.insert.getButtonProps({ name: fields.items.name, defaultValue: EMPTY_ITEM })} className="btn-secondary">
          Add item
        </button>
      </fieldset>
    </>
  );
}
