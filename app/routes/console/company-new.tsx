import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/company-new";
import { CompanyForm } from "~/components/console/company-form";
import { SectionError } from "~/components/console/section-error";
import { COMPANY_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { newCompanySchema } from "~/lib/schemas/companies";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { logger } from "~/server/logger.server";
import { createCompany } from "~/server/models/companies/companies-staff.server";
import { isRefusal } from "~/lib/refusal";
import { refusalResult } from "~/server/http/refusal.server";
import { privateMeta } from "~/lib/seo";

// Staff create a client company; its people are invited from its page.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("New company | Clients", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "clients");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "clients");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["create"]);
  const submission = parseWithZod(formData, { schema: newCompanySchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  try {
    const company = await createCompany(user, submission.value);
    return redirect(`${href("/employee-dashboard/clients/:id", { id: company.id })}?created=1`);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "company create failed");
    return formResult({ intent, status: "error", message: COMPANY_FAILURE, result: submission.reply() }, 500);
  }
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, COMPANY_FAILURE);
}

export default function NewCompany({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-company-heading">
      <Link
        to={href("/employee-dashboard/clients")}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← All clients
      </Link>
      <h2 id="new-company-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        New company
      </h2>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-400">After saving, invite its people from the company's page.</p>
      <CompanyForm
        intent="create"
        lastResult={actionData?.result}
        outcome={actionData}
        submitLabel="Create company"
        pendingLabel="Creating..."
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/clients")} backLabel="Back to Clients" />;
}
