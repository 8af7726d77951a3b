import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, href, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/billing-new";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { newInvoiceSchema } from "~/lib/schemas/invoices";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope, inScope } from "~/server/models/shared/company-scope.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { listBillableCompanies } from "~/server/models/billing/invoice-console.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";

// A new invoice starts as a draft for a client (draftDefaults: the agency's currency and terms,
// the client's last billing details); its editor is the draft's own page.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("New invoice | Billing", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  const url = new URL(request.url);
  return {
    companies: await listBillableCompanies({ openOnly: true, scope: await companyScope(user) }),
    client: url.searchParams.get("client") ?? "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "billing");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["create"]);
  const submission = parseWithZod(formData, { schema: newInvoiceSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const scope = await companyScope(user);
  if (!inScope(scope, submission.value.companyId))
    return formResult(
      { intent, status: "invalid", result: submission.reply({ fieldErrors: { companyId: ["Choose a client from the list."] } }) },
      400,
    );
  try {
    const draft = await createInvoiceDraft(user, submission.value.companyId);
    events().publish({ type: "invoice.changed", id: draft.id, companyId: submission.value.companyId });
    return redirect(href("/employee-dashboard/billing/:id", { id: draft.id }));
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission, field: "companyId" });
    logger.error({ err: error }, "invoice draft create failed");
    return formResult({ intent, status: "error", message: CHANGES_FAILURE, result: submission.reply() }, 500);
  }
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { companies, client } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-invoice",
    lastResult: actionData?.result,
    defaultValue: { companyId: client },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newInvoiceSchema }),
  });
  return (
    <ConsoleEditPage
      headingId="new-invoice-heading"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title="New invoice"
    >
      <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-5">
        <input type="hidden" name="intent" value="create" />
        <FormField
          id={fields.companyId.id}
          label="Client"
          errors={fields.companyId.errors}
          errorId={fields.companyId.errorId}
          hint="The draft starts with the client's billing details from their last invoice."
        >
          <select {...getSelectProps(fields.companyId)} className="field-input" required>
            <option value="">Choose a client</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
        <ActionMessage outcome={actionData?.status === "error" ? actionData : undefined} />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Creating..." : "Create draft"}
        </button>
      </Form>
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
