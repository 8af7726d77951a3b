import type { SubmissionResult } from "@conform-to/react";
import type { FormResult } from "~/lib/form-result";
import { isRefusal, type Refusal, type RefusalKind } from "~/lib/refusal";
import { formResult } from "./form-result.server";

/** The HTTP status of each kind of refusal. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  "not-found": 404,
  conflict: 409,
  refused: 403,
  gone: 410,
  invalid: 400,
  unprocessable: 422,
};

/** The status for a model's refusal; anything that is not a refusal is thrown on. */
export function refusalStatus(error: unknown): number {
  if (!isRefusal(error)) throw error;
  return REFUSAL_STATUS[error.kind];
}

/**
 * The route's own error answer for a refusal (its ErrorBoundary, or a resource route's reply): the
 * refusal's text with the kind's status. Anything that is not a refusal is thrown on.
 */
export function refusalResponse(error: unknown, statusText?: string): Response {
  if (!isRefusal(error)) throw error;
  return new Response(error.message, { status: REFUSAL_STATUS[error.kind], statusText });
}

/** Conform's submission, enough of it to put a message beside a field or above the form. */
interface Replying {
  reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[] }): SubmissionResult<string[]>;
}

interface RefusalAnswer<Intent extends string> {
  intent?: Intent;
  targetId?: string;
  /** When given, a refusal with a field shows beside that field and the form keeps what was typed. */
  submission?: Replying;
  /** Fields the answer must not echo back (passwords). */
  hideFields?: string[];
  /** Overrides the refusal's own text (a SPEC message that must stay exact). */
  message?: string;
  /** A refusal without a field goes into Conform's form errors instead of the answer's message. */
  inForm?: boolean;
  /** The field every refusal is shown beside, whatever the model named (a form with one input). */
  field?: string;
}

/**
 * The form result for a model's refusal, with its status: beside its field when it names one and
 * the form has a submission, otherwise as the form's message. Anything else is thrown on, so the
 * route's own catch-all (log and the SPEC failure text) still handles real failures.
 */
export function refusalResult<Intent extends string>(error: unknown, answer: RefusalAnswer<Intent> = {}) {
  if (!isRefusal(error)) throw error;
  return formResult<Intent>(refusalBody(error, answer), REFUSAL_STATUS[error.kind]);
}

function refusalBody<Intent extends string>(error: Refusal, answer: RefusalAnswer<Intent>): FormResult<Intent> {
  const { intent, targetId, submission, hideFields } = answer;
  const message = answer.message ?? error.message;
  const field = answer.field ?? error.field;
  if (field && submission) {
    return { intent, targetId, status: "invalid", result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields }) };
  }
  if (answer.inForm && submission)
    return { intent, targetId, status: "invalid", result: submission.reply({ formErrors: [message], hideFields }) };
  return { intent, targetId, status: "error", message, result: submission?.reply({ hideFields }) };
}
