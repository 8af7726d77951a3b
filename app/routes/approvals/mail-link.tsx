import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mail-link";
import { ActionMessage } from "~/components/forms/action-message";
import { FormError } from "~/components/forms/form-error";
import { FormField } from "~/components/forms/form-field";
import { Time } from "~/components/time";
import type { FormResult } from "~/lib/form-result";
import { APPROVAL_COMMENT_MAX, approvalDecisionSchema } from "~/lib/schemas/milestones";
import { privateMeta } from "~/lib/seo";
import { MAIL_LINK_HEADERS, loadMailLink, mailLinkAction } from "./mail-link.server";

// An approval request mail's "Approve" or "Request changes" link (decision 0099). Opening it only
// shows the request and one button; the button's post decides, once, as the portal's form would.

const constraint = getZodConstraint(approvalDecisionSchema);

export function headers() {
  return MAIL_LINK_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("Your approval", matches);
}

export async function loader({ params, request }: Route.LoaderArgs) {
  return loadMailLink(params, request);
}

export async function action({ params, request }: Route.ActionArgs) {
  return mailLinkAction(params, request);
}

export default function ApprovalMailLink({ loaderData, actionData }: Route.ComponentProps) {
  // After a decision the link is spent and the page's data says so; the answer comes first.
  if (actionData?.status === "success")
    return (
      <Shell title="Thank you">
        <ActionMessage outcome={actionData} />
        <PortalLink url={loaderData.portalUrl} />
      </Shell>
    );
  if (!loaderData.open)
    return (
      <Shell title="This link cannot decide">
        <p className="mt-4 max-w-2xl text-slate-700 dark:text-slate-300" data-testid="link-refusal">
          {loaderData.message}
        </p>
        <PortalLink url={loaderData.portalUrl} />
      </Shell>
    );
  return <Confirm {...loaderData} failed={actionData} />;
}

type Open = Extract<Route.ComponentProps["loaderData"], { open: true }>;

function Confirm({ view, decision, portalUrl, failed }: Open & { failed?: FormResult }) {
  const changes = decision === "changes";
  const subject = `${view.subjectType === "file" ? "file" : "milestone"} "${view.subjectTitle ?? "(removed)"}"`;
  return (
    <Shell title={changes ? "Request changes" : "Approve"}>
      <p className="mt-4 max-w-2xl text-slate-700 dark:text-slate-300">
        {view.requestedByName} asked for your approval of the {subject} of {view.projectTitle} on <Time at={view.requestedAt} />.
      </p>
      {view.note ? (
        <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">
          <span className="font-semibold">Note:</span> {view.note}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Deciding as {view.memberName}.</p>
      <DecisionForm approvalId={view.approvalId} changes={changes} failed={failed} />
      <p className="mt-6 text-sm">
        <Link to={changes ? "?decision=approve" : "?decision=changes"} className="text-brand-700 underline dark:text-brand-300">
          {changes ? "Approve instead" : "Request changes instead"}
        </Link>
        {" · "}
        <Link to={portalUrl} className="text-brand-700 underline dark:text-brand-300">
          Open the project in the portal
        </Link>
      </p>
    </Shell>
  );
}

function DecisionForm({ approvalId, changes, failed }: { approvalId: string; changes: boolean; failed?: FormResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `approval-mail-${approvalId}`,
    lastResult: failed?.result,
    constraint: { ...constraint, comment: { ...constraint.comment, required: changes } },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approvalDecisionSchema }),
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} aria-label={changes ? "Request changes" : "Approve"} className="mt-6 max-w-2xl space-y-3">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="approvalId" value={approvalId} />
      <input type="hidden" name="decision" value={changes ? "changes" : "approve"} />
      <FormField
        id={fields.comment.id}
        label="Comment"
        optional={!changes}
        errors={fields.comment.errors}
        errorId={fields.comment.errorId}
        hint={changes ? `Say what should change. Up to ${APPROVAL_COMMENT_MAX} characters.` : undefined}
      >
        <textarea {...getTextareaProps(fields.comment)} rows={4} className="field-input" />
      </FormField>
      <FormError message={[...(form.errors ?? []), ...(fields.decision.errors ?? [])].join(" ") || undefined} />
      {failed?.status === "error" ? <ActionMessage outcome={failed} /> : null}
      <button type="submit" className={changes ? "btn-secondary" : "btn-primary"} disabled={busy}>
        {changes ? "Request changes" : "Approve"}
      </button>
    </Form>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-page py-12">
      <h1 className="section-title">{title}</h1>
      {children}
    </div>
  );
}

function PortalLink({ url }: { url: string }) {
  return (
    <p className="mt-6">
      <Link to={url} className="btn-primary">
        Go to the portal
      </Link>
    </p>
  );
}
