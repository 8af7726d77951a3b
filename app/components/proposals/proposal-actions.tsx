import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import type { FormResult } from "~/lib/form-result";

const card = "space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800";
const heading = "font-semibold text-slate-900 dark:text-white";

/** Send (or send a new version), save as a template, withdraw the client's links: each its own form. */
export function ProposalActions({
  version,
  sent,
  hasLinks,
  outcomeOf,
}: {
  version: number;
  sent: boolean;
  hasLinks: boolean;
  outcomeOf: (intent: string) => FormResult | undefined;
}) {
  const navigation = useNavigation();
  const pending = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const template = outcomeOf("template");
  const nameError = template?.result?.error?.name;
  return (
    <>
      <section aria-labelledby="proposal-send" className={card}>
        <h3 id="proposal-send" className={heading}>
          {sent ? "Send a new version" : "Send to the client"}
        </h3>
        <p className="text-xs text-slate-600 dark:text-slate-400">Save your changes first: sending takes the proposal as saved.</p>
        <ActionMessage outcome={outcomeOf("send")} />
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="btn-primary" disabled={pending("send")}>
            {pending("send") ? "Sending..." : sent ? "Send new version" : "Send"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="proposal-template" className={card}>
        <h3 id="proposal-template" className={heading}>
          Save as template
        </h3>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="template" />
          <div>
            <label htmlFor="template-name" className="field-label">
              Template name
            </label>
            <input
              id="template-name"
              name="name"
              type="text"
              maxLength={200}
              required
              className="field-input"
              aria-invalid={nameError ? true : undefined}
              aria-describedby="template-name-error"
            />
            <div id="template-name-error" className="field-error" aria-live="polite">
              {nameError?.join(" ")}
            </div>
          </div>
          <ActionMessage outcome={template} />
          <button type="submit" className="btn-secondary" disabled={pending("template")}>
            Save as template
          </button>
        </Form>
      </section>
      {hasLinks ? (
        <section aria-labelledby="proposal-revoke" className={card}>
          <h3 id="proposal-revoke" className={heading}>
            Links
          </h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Withdrawn links no longer open the proposal; sending again mails a new one.
          </p>
          <ActionMessage outcome={outcomeOf("revoke")} />
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <button type="submit" className="btn-danger" disabled={pending("revoke")}>
              Withdraw links
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
