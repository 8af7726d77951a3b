import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { FormField, InputField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { MILESTONE_STATUSES, MILESTONE_STATUS_LABELS, type MilestoneStatus } from "~/lib/milestones";
import { milestoneSchema } from "~/lib/schemas/milestones";
import { OutcomeMessage, rowOutcome } from "./milestone-outcome";

const constraint = getZodConstraint(milestoneSchema);

interface MilestoneFormProps {
  projectId: string;
  /** The milestone being edited; absent for "Add a milestone". */
  milestone?: { id: string; title: string; description: string; dueDate: string | null; status: string };
  pageResult?: FormResult;
  disabled?: boolean;
}

/** Add or edit a milestone; a plain form post without JavaScript, a fetcher with it. */
export function MilestoneForm({ projectId, milestone, pageResult, disabled }: MilestoneFormProps) {
  const target = milestone?.id ?? "new";
  const intent = milestone ? "edit" : "add";
  const fetcher = useFetcher<FormResult>({ key: `milestone-${intent}-${projectId}-${target}` });
  const outcome = rowOutcome(fetcher, pageResult, [intent], target);
  // A saved or a colleague's change reloads the fields; the fetcher stays out here, so its answer
  // ("Milestone saved.") outlives the fields it came from.
  const saved = milestone ? `${milestone.title}|${milestone.description}|${milestone.dueDate}|${milestone.status}` : "new";
  return <MilestoneFields key={saved} fetcher={fetcher} outcome={outcome} target={target} milestone={milestone} disabled={disabled} />;
}

function MilestoneFields({
  fetcher,
  outcome,
  target,
  milestone,
  disabled,
}: { fetcher: FetcherWithComponents<FormResult>; outcome?: FormResult; target: string } & Pick<
  MilestoneFormProps,
  "milestone" | "disabled"
>) {
  const intent = milestone ? "edit" : "add";
  const [form, fields] = useForm({
    // Not `milestone-${id}`: that is the row's anchor, and inputs find their form by this id (their
    // `form` attribute), so a clash left the fields with no form and the post without them.
    id: `milestone-form-${target}`,
    lastResult: outcome?.result,
    defaultValue: milestone
      ? {
          milestoneId: milestone.id,
          title: milestone.title,
          description: milestone.description,
          dueDate: milestone.dueDate ?? "",
          status: milestone.status as MilestoneStatus,
        }
      : { status: "planned" },
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: milestoneSchema }),
  });
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={milestone ? `Edit milestone ${milestone.title}` : "Add a milestone"}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={target} />
      {milestone ? <input type="hidden" name="milestoneId" value={milestone.id} /> : null}
      <fieldset disabled={disabled} className="space-y-4">
        <InputField field={fields.title} type="text" label="Title" />
        <FormField
          id={fields.description.id}
          label="Description"
          optional
          errors={fields.description.errors}
          errorId={fields.description.errorId}
        >
          <textarea {...getTextareaProps(fields.description)} rows={2} className="field-input" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.dueDate} type="date" label="Due date" optional />
          <FormField id={fields.status.id} label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
            <select {...getSelectProps(fields.status)} className="field-input">
              {MILESTONE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {MILESTONE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormError message={form.errors?.join(" ")} />
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? "Saving..." : milestone ? "Save milestone" : "Add milestone"}
        </button>
      </fieldset>
      <OutcomeMessage outcome={outcome} />
    </fetcher.Form>
  );
}
