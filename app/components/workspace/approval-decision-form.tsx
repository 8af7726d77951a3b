import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { FormError } from "~/components/forms/form-error";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { APPROVAL_COMMENT_MAX, approvalDecisionSchema } from "~/lib/schemas/milestones";
import { OutcomeMessage, rowOutcome } from "./milestone-outcome";

const constraint = getZodConstraint(approvalDecisionSchema);

/** A member's Approve or Request changes (a comment is required for changes). */
export function ApprovalDecisionForm({
  projectId,
  approvalId,
  subject,
  pageResult,
}: {
  projectId: string;
  approvalId: string;
  subject: string;
  pageResult?: FormResult;
}) {
  const fetcher = useFetcher<FormResult>({ key: decisionKey(projectId) });
  const outcome = rowOutcome(fetcher, pageResult, ["decide"], approvalId);
  const [form, fields] = useForm({
    id: `approval-decide-${approvalId}`,
    lastResult: outcome?.result,
    constraint: { ...constraint, comment: { ...constraint.comment, required: false } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approvalDecisionSchema }),
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-label={`Decide on ${subject}`} className="space-y-3">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="approvalId" value={approvalId} />
      <FormField
        id={fields.comment.id}
        label="Comment"
        errors={fields.comment.errors}
        errorId={fields.comment.errorId}
        hint={`Optional to approve; required to request changes. Up to ${APPROVAL_COMMENT_MAX} characters.`}
      >
        <textarea {...getTextareaProps(fields.comment)} rows={3} className="field-input" />
      </FormField>
      <FormError message={[...(form.errors ?? []), ...(fields.decision.errors ?? [])].join(" ") || undefined} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="decision" value="approve" className="btn-primary" disabled={busy}>
          Approve
        </button>
        <button type="submit" name="decision" value="changes" className="btn-secondary" disabled={busy}>
          Request changes
        </button>
      </div>
      {busy ? <p className="text-sm text-slate-600 dark:text-slate-400">Sending your decision...</p> : null}
      {/* A success moves the request to Past decisions; DecisionOutcome says so there. */}
      {outcome?.status === "error" ? <OutcomeMessage outcome={outcome} /> : null}
    </fetcher.Form>
  );
}

/**
 * One fetcher for every decision form of the page: the form that posted leaves the page once its
 * request is decided, and the page-level DecisionOutcome (always mounted) keeps the answer.
 */
const decisionKey = (projectId: string) => `approval-decide-${projectId}`;

/** The member's confirmation, in a live region that outlives the decided request's form. */
export function DecisionOutcome({
  projectId,
  waitingIds,
  pageResult,
}: {
  projectId: string;
  waitingIds: readonly string[];
  pageResult?: FormResult;
}) {
  const fetcher = useFetcher<FormResult>({ key: decisionKey(projectId) });
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? (pageResult?.intent === "decide" ? pageResult : undefined)) : undefined;
  // A failure shows in the form that posted while it is on the page (e.g. "already decided" by a
  // teammate: the reload that follows removes the form), and here once it is gone.
  const formGone = !waitingIds.includes(outcome?.targetId ?? "");
  const shown = outcome?.status === "success" || (outcome?.status === "error" && formGone) ? outcome : undefined;
  return <OutcomeMessage outcome={shown} />;
}
