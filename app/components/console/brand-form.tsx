import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { InputField } from "~/components/forms/form-field";
import type { Brand } from "~/lib/brand";
import type { FormResult } from "~/lib/form-result";
import { brandSchema } from "~/lib/schemas/brand";

const constraint = getZodConstraint(brandSchema);

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 font-semibold text-slate-900 dark:text-white">{legend}</legend>
      {hint ? <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

/** The agency's public identity. A failed save (a conflict included) keeps what was typed. */
export function BrandForm({
  brand,
  version,
  lastResult,
  outcome,
}: {
  brand: Brand;
  version: number;
  lastResult?: SubmissionResult<string[]>;
  outcome?: FormResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-brand";
  const [form, fields] = useForm({
    id: "brand-settings",
    lastResult,
    defaultValue: {
      version: String(version),
      name: brand.name,
      shortName: brand.shortName,
      legalName: brand.legalName,
      tagline: brand.tagline,
      domain: brand.domain,
      ...brand.address,
      phone: brand.phone,
      infoEmail: brand.emails.info,
      careersEmail: brand.emails.careers,
      supportEmail: brand.emails.support,
      ...brand.social,
      primaryColor: brand.primaryColor,
    },
    constraint,
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: brandSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save-brand" />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <Group legend="Name">
        <InputField
          field={fields.name}
          type="text"
          label="Agency name"
          hint="Shown in the header, page titles, mails, the authenticator app and the passkey prompt."
        />
        <InputField
          field={fields.shortName}
          type="text"
          label="Short name"
          hint="For tight places: the navigation bar and the client portal."
        />
        <InputField field={fields.legalName} type="text" label="Legal name" hint="The registered name." />
        <InputField field={fields.tagline} type="text" label="Tagline" optional />
        <InputField field={fields.domain} type="text" label="Site domain" hint="Without https://, for example example.com." />
      </Group>
      {/* A "Logo" group (light and dark artwork) belongs here. */}
      <Group legend="Contact" hint="Shown in the footer and in search results. An empty field is not shown.">
        <InputField field={fields.street} type="text" label="Street" optional autoComplete="street-address" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField field={fields.city} type="text" label="City" optional autoComplete="address-level2" />
          <InputField field={fields.region} type="text" label="Region" optional autoComplete="address-level1" />
          <InputField field={fields.postalCode} type="text" label="Postal code" optional autoComplete="postal-code" />
          <InputField field={fields.country} type="text" label="Country" optional autoComplete="country-name" />
        </div>
        <InputField field={fields.phone} type="tel" label="Phone" optional />
        <InputField field={fields.infoEmail} type="email" label="Info e-mail" optional hint="Shown in the footer." />
        <InputField field={fields.careersEmail} type="email" label="Careers e-mail" optional />
        <InputField
          field={fields.supportEmail}
          type="email"
          label="Support e-mail"
          optional
          hint="Named in data exports and invitation pages."
        />
      </Group>
      <Group legend="Social links" hint="https:// addresses only. An empty link is hidden.">
        <InputField field={fields.linkedin} type="url" label="LinkedIn" optional />
        <InputField field={fields.youtube} type="url" label="YouTube" optional />
        <InputField field={fields.instagram} type="url" label="Instagram" optional />
      </Group>
      <Group
        legend="Colour"
        hint="Buttons, links and focus rings are derived from it. A colour on which button text would be hard to read, in the light or the dark theme, is refused."
      >
        <div className="flex items-end gap-3">
          <div className="grow">
            <InputField
              field={fields.primaryColor}
              type="text"
              label="Primary colour"
              hint="As #rrggbb, for example #4f46e5."
              spellCheck={false}
            />
          </div>
          <span
            aria-hidden="true"
            className="mb-10 h-10 w-10 shrink-0 rounded-lg border border-slate-300 dark:border-slate-700"
            style={{ backgroundColor: brand.primaryColor }}
          />
        </div>
      </Group>
      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save brand"}
      </button>
    </Form>
  );
}
