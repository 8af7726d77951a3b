import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { APPROVAL_NOTE_MAX, requestApprovalSchema } from "~/lib/schemas/milestones";
import type { ApprovalSubjectType } from "~/lib/milestones";
import { OutcomeMessage, rowOutcome } from "./milestone-outcome";

const constraint = getZodConstraint(requestApprovalSchema);

interface ApprovalRequestFormProps {
  projectId: string;
  subjectType: ApprovalSubjectType;
  subjectId: string;
  subjectTitle: string;
  /** "Ask again" once the client has decided or the request was withdrawn. */
  again: boolean;
  pageResult?: FormResult;
  /** Where the form posts: the Milestones tab's action (the Files tab posts there too). */
  action?: string;
}

/** Staff ask the client's members to approve a milestone or a file, with an optional note. */
export function ApprovalRequestForm({
  projectId,
  subjectType,
  subjectId,
  subjectTitle,
  again,
  pageResult,
  action,
}: ApprovalRequestFormProps) {
  const fetcher = useFetcher<FormResult>({ key: `approval-request-${projectId}-${subjectId}` });
  const outcome = rowOutcome(fetcher, pageResult, ["request-approval"], subjectId);
  const [form, fields] = useForm({
    id: `approval-request-${subjectId}`,
    lastResult: outcome?.result,
    constraint,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestApprovalSchema }),
  });
  const label = again ? "Ask again" : "Ask for approval";
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} aria-label={`${label}: ${subjectTitle}`} className="space-y-2">
      <input type="hidden" name="intent" value="request-approval" />
      <input type="hidden" name="subjectType" value={subjectType} />
      <input type="hidden" name="subjectId" value={subjectId} />
      <input type="hidden" name="target" value={subjectId} />
      <FormField
        id={fields.note.id}
        label="Note to the client"
        optional
        errors={fields.note.errors}
        errorId={fields.note.errorId}
        hint={`Up to ${APPROVAL_NOTE_MAX} characters.`}
      >
        <textarea {...getTextareaProps(fields.note)} rows={2} className="field-input" />
      </FormField>
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Asking..." : label}
      </button>
      {/* A success turns this form into "Waiting for approval"; ApprovalRequestOutcome says so. */}
      {outcome?.status === "error" ? <OutcomeMessage outcome={outcome} /> : null}
    </fetcher.Form>
  );
}

/**
 * The request's confirmation, rendered by the subject's row whether or not the form is there, so
 * the fetcher (and its answer) outlives the form that a success removes.
 */
export function ApprovalRequestOutcome({
  projectId,
  subjectId,
  pageResult,
}: {
  projectId: string;
  subjectId: string;
  pageResult?: FormResult;
}) {
  const fetcher = useFetcher<FormResult>({ key: `approval-request-${projectId}-${subjectId}` });
  const outcome = rowOutcome(fetcher, pageResult, ["request-approval"], subjectId);
  return <OutcomeMessage outcome={outcome?.status === "success" ? outcome : undefined} />;
}
