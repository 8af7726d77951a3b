import { Form } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormError } from "~/components/forms/form-error";
import type { FormResult } from "~/lib/form-result";

/** The first field error of a failed assignment, to show in its form. */
const fieldError = (outcome: FormResult | undefined) => Object.values(outcome?.result?.error ?? {}).flat()[0] ?? undefined;

/**
 * Decision 0101: "Assign by hand" on a held message: to a request of its sender's company by its
 * id, or as a new request for a company the sender belongs to. Plain forms; the outcome shows here.
 */
export function InboundAssign({
  messageId,
  action,
  companies,
  outcome,
  busy,
}: {
  messageId: string;
  action: string;
  companies: { id: string; name: string }[];
  outcome?: FormResult;
  busy: boolean;
}) {
  const mine = outcome?.intent === "assign-request" || outcome?.intent === "assign-company" ? outcome : undefined;
  const error = mine?.status === "invalid" ? fieldError(mine) : undefined;
  return (
    <details className="mt-3" open={mine !== undefined}>
      <summary className="cursor-pointer text-sm font-medium text-slate-800 dark:text-slate-200">Assign by hand</summary>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="assign-request" />
          <input type="hidden" name="messageId" value={messageId} />
          <div>
            <label htmlFor={`assign-request-${messageId}`} className="field-label">
              Request id
            </label>
            <input id={`assign-request-${messageId}`} name="complaintId" className="field-input" autoComplete="off" required />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Add to the request
          </button>
        </Form>
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="assign-company" />
          <input type="hidden" name="messageId" value={messageId} />
          <div>
            <label htmlFor={`assign-company-${messageId}`} className="field-label">
              Company
            </label>
            <select id={`assign-company-${messageId}`} name="companyId" className="field-input" required defaultValue="">
              <option value="" disabled>
                Choose a company
              </option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Open a request
          </button>
        </Form>
      </div>
      {error ? <FormError message={error} /> : null}
      {mine && mine.status !== "invalid" ? (
        <div className="mt-2">
          <ActionMessage outcome={mine} />
        </div>
      ) : null}
    </details>
  );
}
