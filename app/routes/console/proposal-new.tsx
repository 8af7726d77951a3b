import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/proposal-new";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { newProposalSchema } from "~/lib/schemas/proposals";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { proposalTarget } from "~/server/models/proposals/proposals-read.server";
import { createProposal, listTemplates, type ProposalFor } from "~/server/models/proposals/proposals.server";

// Console → Proposals → New, for a lead (?lead=ID) or a client company (?company=ID): a title and
// a template to start from, then the editor.

const ID = /^[\w-]{1,64}$/;

/** The lead or company the query (or the posted form) names; anything else is a page that does not exist. */
function targetOf(request: Request, form?: FormData): ProposalFor {
  const search = new URL(request.url).searchParams;
  const named = (key: string) => search.get(key) ?? (form?.get(key) as string | null | undefined) ?? null;
  const lead = named("lead");
  const company = named("company");
  if (lead && ID.test(lead)) return { leadId: lead };
  if (company && ID.test(company)) return { companyId: company };
  throw data("Write a proposal from a lead's or a client's page.", { status: 404, statusText: "Not found" });
}

async function targetName(user: { id: string }, target: ProposalFor) {
  try {
    return (await proposalTarget(target, await companyScope(user))).name;
  } catch (error) {
    if (isRefusal(error)) throw data(error.message, { status: 404, statusText: "Not found" });
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const target = targetOf(request);
  const [name, templates] = await Promise.all([targetName(user, target), listTemplates()]);
  return { target, name, templates };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "leads");
  const formData = await readForm(request);
  const target = targetOf(request, formData);
  await targetName(user, target);
  const submission = parseWithZod(formData, { schema: newProposalSchema });
  if (submission.status !== "success") return formResult({ status: "invalid", result: submission.reply() }, 400);
  try {
    const { id } = await createProposal(user, target, submission.value);
    return redirect(href("/employee-dashboard/proposals/:id", { id }));
  } catch (error) {
    return refusalResult(error, { submission });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("New proposal | Proposals", matches);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function NewProposal({ loaderData, actionData }: Route.ComponentProps) {
  const { target, name, templates } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-proposal",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newProposalSchema }),
  });
  const back =
    "leadId" in target
      ? href("/employee-dashboard/leads/:id", { id: target.leadId })
      : href("/employee-dashboard/clients/:id", { id: target.companyId });
  return (
    <ConsoleEditPage headingId="new-proposal-heading" backTo={back} backLabel={`← Back to ${name}`} title={`New proposal for ${name}`}>
      <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-5">
        {"leadId" in target ? (
          <input type="hidden" name="lead" value={target.leadId} />
        ) : (
          <input type="hidden" name="company" value={target.companyId} />
        )}
        <InputField field={fields.title} type="text" label="Title" />
        <FormField
          id={fields.templateId.id}
          label="Start from a template"
          optional
          errors={fields.templateId.errors}
          errorId={fields.templateId.errorId}
        >
          <select {...getSelectProps(fields.templateId)} className="field-input">
            <option value="">A blank proposal</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </FormField>
        <div id={form.errorId} className="field-error" aria-live="polite">
          {form.errors?.join(" ")}
        </div>
        <ActionMessage outcome={actionData} />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Write the proposal
        </button>
      </Form>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/proposals")} backLabel="Back to Proposals" />;
}
