import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { ActionMessage } from "~/components/forms/action-message";
import { Pager } from "~/components/console/pager";
import { SectionError } from "~/components/console/section-error";
import { FormField } from "~/components/forms/form-field";
import { STAFF_ADD_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { formatDate, isoDate } from "~/lib/dates";
import { pageFrom } from "~/lib/pagination";
import { roleForEmail } from "~/lib/roles";
import { staffAccountSchema } from "~/lib/schemas/staff";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { getEnv } from "~/server/env.server";
import { readForm } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { requireStaff } from "~/server/auth/session.server";
import { addStaff, listStaff, StaffError } from "~/server/models/staff.server";

// Derived from the schema once, not on every render.
const constraint = getZodConstraint(staffAccountSchema);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const { page, limit, offset } = pageFrom(new URL(request.url));
  const staff = await listStaff();
  return {
    page,
    total: staff.length,
    staff: staff.slice(offset, offset + limit).map((s) => ({ ...s, createdAt: Date.parse(s.createdAt), isYou: s.id === user.id })),
    domain: getEnv().COMPANY_DOMAIN,
  };
}

// The password never travels back to the page.
const hideFields = ["password"];

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["add-staff"]);
  const submission = parseWithZod(formData, { schema: staffAccountSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply({ hideFields }) }, 400);
  const { email, password, name } = submission.value;
  const domain = getEnv().COMPANY_DOMAIN;
  if (roleForEmail(email, domain) !== "employee") {
    const fieldErrors = { email: [`Only @${domain} e-mails can be staff accounts.`] };
    return formResult({ intent, status: "invalid", result: submission.reply({ fieldErrors, hideFields }) }, 400);
  }
  try {
    const member = await addStaff(user, email, password, name || undefined);
    const message = `${member.email} is now staff and can sign in at /employee-login.`;
    return formResult({ intent, status: "success", message, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (error instanceof StaffError && /already has an account/.test(error.message)) {
      return formResult({ intent, status: "invalid", result: submission.reply({ fieldErrors: { email: [error.message] }, hideFields }) }, 409);
    }
    logger.error({ err: error }, "staff add failed");
    const message = error instanceof StaffError ? error.message : STAFF_ADD_FAILURE;
    return formResult({ intent, status: "error", message, result: submission.reply({ hideFields }) }, error instanceof StaffError ? 400 : 500);
  }
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place (issue 14).
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, STAFF_ADD_FAILURE);
}

export default function ConsoleStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, page, total, domain } = loaderData;
  return (
    <section aria-labelledby="staff-heading">
      <h2 id="staff-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Staff
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Everyone with an @{domain} account can use this console.</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Staff accounts, {total} in total</caption>
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Email</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                  <th scope="col" className="py-2 font-medium">Since</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
                {staff.map((s) => (
                  <tr key={s.id}>
                    <td className="py-3 pr-4 font-medium break-all">
                      {s.email}
                      {s.isYou ? <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">(you)</span> : null}
                    </td>
                    <td className="py-3 pr-4">{s.name}</td>
                    <td className="py-3 whitespace-nowrap">
                      <time dateTime={isoDate(s.createdAt)}>{formatDate(s.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={total} />
        </div>
        <div className="self-start rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
          <h3 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">Add a staff account</h3>
          <AddStaffForm domain={domain} outcome={actionData} />
        </div>
      </div>
    </section>
  );
}

function AddStaffForm({ domain, outcome }: { domain: string; outcome?: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-staff";
  const [form, fields] = useForm({
    id: "add-staff",
    lastResult: outcome?.result,
    constraint,
    // Browsers check required fields until hydration; Conform takes over afterwards.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffAccountSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add-staff" />
      <FormField id={fields.email.id} label="Work email" errors={fields.email.errors} errorId={fields.email.errorId} hint={`Must end in @${domain}.`}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" className="field-input" />
      </FormField>
      <FormField id={fields.name.id} label="Name" optional errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" className="field-input" />
      </FormField>
      <FormField
        id={fields.password.id}
        label="Initial password"
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        hint="At least 8 characters. Share it with them privately."
      >
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className="field-input" />
      </FormField>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={adding}>
        {adding ? "Adding..." : "Add staff account"}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/staff")} backLabel="Back to Staff" />;
}
