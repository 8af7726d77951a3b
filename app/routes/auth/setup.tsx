import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/setup";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { FormField, InputField } from "~/components/forms/form-field";
import { FormError } from "~/components/forms/form-error";
import { keepFailureInForm } from "~/lib/form-failure";
import { PASSWORD_MIN } from "~/lib/password-rules";
import { setupSchema } from "~/lib/schemas/setup";
import { setupAction, setupLoader } from "./setup.server";

// First-run setup: shown only while no staff account exists (decision "first-run setup").

const constraint = getZodConstraint(setupSchema);
const SETUP_FAILURE = "Setup could not be completed. Please try again.";

export function meta() {
  return [{ title: "Set up your site" }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return setupLoader();
}

export function action({ request, context }: Route.ActionArgs) {
  return setupAction(request, context.clientIp);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, SETUP_FAILURE);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-6 dark:border-slate-700">
      <legend className="pr-2 text-lg font-semibold text-slate-900 dark:text-white">{title}</legend>
      {children}
    </fieldset>
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { fixedDomain } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: fixedDomain ? { companyDomain: fixedDomain } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
  });
  return (
    <div className="container-page flex justify-center py-16">
      <div className="w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Set up your site</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Create the first admin account and tell the site who you are. This page works once: after it, staff sign in at the staff login and
          the admin invites everyone else.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          <InputField
            field={fields.code}
            type="text"
            label="Setup code"
            autoComplete="off"
            spellCheck={false}
            hint="The server printed it in its log when it started: the line that names /setup."
          />
          <Section title="Your agency">
            <InputField field={fields.agencyName} type="text" label="Agency name" autoComplete="organization" />
            {fixedDomain ? (
              <FormField
                id={fields.companyDomain.id}
                label="Company domain"
                errors={fields.companyDomain.errors}
                errorId={fields.companyDomain.errorId}
                hint="Set by COMPANY_DOMAIN on the server. Staff e-mail addresses end in this domain."
              >
                <input {...getInputProps(fields.companyDomain, { type: "text" })} readOnly className="field-input" />
              </FormField>
            ) : (
              <InputField
                field={fields.companyDomain}
                type="text"
                label="Company domain"
                placeholder="example.com"
                autoComplete="off"
                spellCheck={false}
                hint="Staff e-mail addresses end in this domain, and only they can sign in to the console."
              />
            )}
          </Section>
          <Section title="First admin">
            <InputField field={fields.name} type="text" label="Your name" autoComplete="name" />
            <InputField
              field={fields.email}
              type="email"
              label="Work email"
              autoComplete="email"
              hint="An address at the company domain."
            />
            <NewPasswordFields password={fields.password} confirm={fields.confirm} min={PASSWORD_MIN.staff} />
          </Section>
          <Section title="Where notices go">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Every new quote request and job application is kept in the console. Give an inbox to also get an e-mail for each one; leave it
              empty and no notice is mailed.
            </p>
            <InputField
              field={fields.leadsInbox}
              type="email"
              label="Inbox for new quote requests"
              optional
              autoComplete="off"
              hint="For example sales@ your domain. Replying answers the person who asked."
            />
            <InputField
              field={fields.applicationsInbox}
              type="email"
              label="Inbox for new job applications"
              optional
              autoComplete="off"
              hint="For example careers@ your domain. Replying answers the candidate."
            />
          </Section>
          <Section title="Your site's content">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              The site starts with a demo agency&apos;s pages. Edit them later in the console&apos;s Site screen, or start without the
              demo&apos;s services, case studies, leadership quotes, client logos and testimonials.
            </p>
            <div className="flex items-start gap-3">
              <input
                {...getInputProps(fields.emptySite, { type: "checkbox", value: "on" })}
                aria-describedby={`${fields.emptySite.id}-hint`}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
              />
              <div>
                <label htmlFor={fields.emptySite.id} className="font-medium text-slate-900 dark:text-white">
                  Start from an empty site
                </label>
                <p id={`${fields.emptySite.id}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
                  Takes out the demo content for good. The home, about, terms and privacy pages stay, to be edited.
                </p>
              </div>
            </div>
          </Section>
          <FormError message={actionData?.message ?? form.errors?.join(" ")} />
          <button type="submit" className="btn-primary w-full">
            Finish setup and sign in
          </button>
        </Form>
      </div>
    </div>
  );
}
