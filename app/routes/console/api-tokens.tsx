import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/api-tokens";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import { ApiTokenList } from "~/components/console/api-token-list";
import { API_AREA_LABELS, API_AREAS, API_TOKEN_LIFETIMES } from "~/lib/api/scopes";
import { keepFailureInForm } from "~/lib/form-failure";
import { API_ACCESS_LEVELS, newApiTokenSchema } from "~/lib/schemas/api-tokens";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { listApiTokens } from "~/server/models/api/api-tokens.server";
import { createToken, revokeToken, type CreatedToken } from "./api-tokens.server";
import { API_TOKEN_CREATE_FAILURE, API_TOKEN_REVOKE_FAILURE } from "~/lib/console-failures";

// Console → Settings → API tokens (admin, like Settings; decision 0104): a new token's name,
// access per area and expiry; its secret shown once; the list with last use and "Revoke".

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta("API tokens | Settings", matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  return { tokens: await listApiTokens() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["create", "revoke"]);
  return intent === "create" ? createToken(user, formData) : revokeToken(user, formData);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, { create: API_TOKEN_CREATE_FAILURE, revoke: API_TOKEN_REVOKE_FAILURE });
}

const constraint = getZodConstraint(newApiTokenSchema);
const LEVEL_LABELS = { none: "No access", read: "Read", write: "Read and write" } as const;

export default function ConsoleApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const created = actionData?.intent === "create" ? (actionData as CreatedToken) : undefined;
  const [form, fields] = useForm({
    id: "new-api-token",
    lastResult: created?.result,
    defaultValue: { lifetime: "90", leads: "none", applications: "none", companies: "none", projects: "none", support: "none" },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newApiTokenSchema }),
  });
  return (
    <section aria-labelledby="api-tokens-heading" className="max-w-4xl">
      <SettingsPageHeader
        headingId="api-tokens-heading"
        title="API tokens"
        intro="Tokens let your other tools read and change records through the API. Each opens only the areas you choose, until it expires or you revoke it. Its changes are recorded in the audit log under its name."
      />
      <p className="mb-6 text-sm text-slate-700 dark:text-slate-300">
        How to call the API:{" "}
        <Link
          to={href("/employee-dashboard/api")}
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
        >
          API reference
        </Link>
      </p>
      {created?.token ? (
        <div
          role="status"
          className="mb-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
        >
          <p className="font-semibold text-emerald-900 dark:text-emerald-100">{created.message}</p>
          <label htmlFor="new-token-value" className="mt-2 block text-sm text-emerald-900 dark:text-emerald-100">
            Token for {created.tokenName}
          </label>
          <input
            id="new-token-value"
            readOnly
            value={created.token}
            data-testid="new-api-token"
            className="field-input mt-1 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">New token</h3>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <input type="hidden" name="intent" value="create" />
        <InputField
          field={fields.name}
          type="text"
          label="Name"
          hint="What uses it, e.g. “CRM sync”. Its changes carry this name."
          autoComplete="off"
        />
        <FormField id={fields.lifetime.id} label="Expires after" errors={fields.lifetime.errors} errorId={fields.lifetime.errorId}>
          <select {...getSelectProps(fields.lifetime)} className="field-input">
            {API_TOKEN_LIFETIMES.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
        </FormField>
        {API_AREAS.map((area) => (
          <fieldset key={area} aria-describedby={fields[area].errorId}>
            <legend className="field-label">{API_AREA_LABELS[area]}</legend>
            <div className="flex flex-wrap gap-4">
              {API_ACCESS_LEVELS.map((level) => (
                <label key={level} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                  <input
                    type="radio"
                    name={fields[area].name}
                    value={level}
                    defaultChecked={(fields[area].initialValue ?? "none") === level}
                    className="accent-brand-600"
                  />
                  {LEVEL_LABELS[level]}
                </label>
              ))}
            </div>
            <div id={fields[area].errorId} className="field-error" aria-live="polite">
              {fields[area].errors?.join(" ")}
            </div>
          </fieldset>
        ))}
        <div>
          <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input {...getInputProps(fields.resumes, { type: "checkbox", value: "on" })} className="accent-brand-600" />
            Download resumes (needs Read on applications)
          </label>
          <div id={fields.resumes.errorId} className="field-error" aria-live="polite">
            {fields.resumes.errors?.join(" ")}
          </div>
        </div>
        {created && !created.token ? <ActionMessage outcome={created.status === "invalid" ? undefined : created} /> : null}
        <button type="submit" className="btn-primary" disabled={creating}>
          {creating ? "Creating..." : "Create token"}
        </button>
      </Form>
      <h3 className="mt-10 text-lg font-semibold text-slate-900 dark:text-white">Tokens</h3>
      <ApiTokenList tokens={loaderData.tokens} outcome={actionData?.intent === "revoke" ? actionData : undefined} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel="Back to Settings" />;
}
