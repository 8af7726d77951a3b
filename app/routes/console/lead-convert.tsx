import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/lead-convert";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import { CHANGE_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { convertLeadSchema } from "~/lib/schemas/lead-conversion";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { getCompany } from "~/server/models/companies/companies.server";
import { listOpenCompanies } from "~/server/models/pipeline/quote-conversion.server";
import { getLead } from "~/server/models/pipeline/quotes-staff.server";
import { convertLeadAction } from "./lead-convert.server";

const constraint = getZodConstraint(convertLeadSchema);

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "leads");
  const scope = await companyScope(user);
  const lead = await getLead(params.id, scope);
  if (!lead) throw new Response("This lead does not exist.", { status: 404, statusText: "Not found" });
  const convertedTo = lead.companyId ? await getCompany({ id: lead.companyId, scope }) : undefined;
  return {
    lead: { id: lead.id, name: lead.name, email: lead.email, country: lead.country, requirement: lead.requirement },
    convertedTo: convertedTo ? { id: convertedTo.id, name: convertedTo.name } : null,
    companies: convertedTo ? [] : await listOpenCompanies(scope),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "leads");
  // A lead converted to a company the viewer may not see is "not found" to them (decision 0105).
  if (!(await getLead(params.id, await companyScope(user))))
    throw new Response("This lead does not exist.", { status: 404, statusText: "Not found" });
  return convertLeadAction(user, params.id, request);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGE_FAILURE);
}

export default function ConvertLead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, convertedTo, companies } = loaderData;
  return (
    <section aria-labelledby="convert-heading" className="max-w-2xl">
      <Link
        to={href("/employee-dashboard/leads/:id", { id: lead.id })}
        className="text-sm text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← Back to the lead
      </Link>
      <h2 id="convert-heading" className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        Convert {lead.name} to a client
      </h2>
      {convertedTo ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300">
          This lead was already converted to a client:{" "}
          <Link className="font-medium underline" to={href("/employee-dashboard/clients/:id", { id: convertedTo.id })}>
            {convertedTo.name}
          </Link>
          .
        </p>
      ) : (
        <ConvertForm lead={lead} companies={companies} outcome={actionData} />
      )}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function ConvertForm({
  lead,
  companies,
  outcome,
}: {
  lead: LoaderData["lead"];
  companies: LoaderData["companies"];
  outcome: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "convert-lead",
    lastResult: outcome?.result,
    constraint,
    defaultValue: {
      companyChoice: "new",
      companyName: lead.name,
      country: lead.country,
      name: lead.name,
      email: lead.email,
      clientAdmin: "on",
      createProject: "on",
      projectTitle: "",
    },
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: convertLeadSchema }),
  });
  const box = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";
  const legend = "px-1 text-lg font-semibold text-slate-900 dark:text-white";
  const check = "flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <fieldset className={box}>
        <legend className={legend}>Company</legend>
        <label className={check}>
          <input
            type="radio"
            name={fields.companyChoice.name}
            value="new"
            defaultChecked={fields.companyChoice.initialValue !== "existing"}
          />{" "}
          A new company
        </label>
        <FormField
          id={fields.companyName.id}
          label="Company name"
          errors={fields.companyName.errors}
          errorId={fields.companyName.errorId}
          hint="Leads have no company field: it starts as the requester's name."
        >
          <input {...getInputProps(fields.companyName, { type: "text" })} className="field-input" />
        </FormField>
        <InputField field={fields.country} type="text" label="Country" optional />
        <label className={check}>
          <input
            type="radio"
            name={fields.companyChoice.name}
            value="existing"
            defaultChecked={fields.companyChoice.initialValue === "existing"}
            disabled={companies.length === 0}
          />{" "}
          An existing company
        </label>
        <FormField id={fields.companyId.id} label="Existing company" errors={fields.companyId.errors} errorId={fields.companyId.errorId}>
          <select {...getSelectProps(fields.companyId)} className="field-input" disabled={companies.length === 0}>
            <option value="">{companies.length === 0 ? "No open companies yet" : "Choose a company"}</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </fieldset>
      <fieldset className={box}>
        <legend className={legend}>Invite the requester</legend>
        <InputField field={fields.name} type="text" label="Name" />
        <InputField field={fields.email} type="email" label="E-mail" />
        <label className={check}>
          <input {...getInputProps(fields.clientAdmin, { type: "checkbox" })} /> Client admin (may invite and remove teammates)
        </label>
      </fieldset>
      <fieldset className={box}>
        <legend className={legend}>First project</legend>
        <label className={check}>
          <input {...getInputProps(fields.createProject, { type: "checkbox" })} /> Create the first project from the requirement
        </label>
        <InputField field={fields.projectTitle} type="text" label="Project title" />
        <div>
          <p className="field-label">Description (the lead&apos;s requirement)</p>
          <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {lead.requirement}
          </p>
        </div>
      </fieldset>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {navigation.state === "submitting" ? "Converting..." : "Convert to client"}
      </button>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/leads")} backLabel="Back to Leads" />;
}
