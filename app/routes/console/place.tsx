import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, href, useNavigation } from "react-router";
import type { Route } from "./+types/place";
import { SectionError } from "~/components/console/section-error";
import { SettingsPageHeader } from "~/components/console/settings-page-header";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField, InputField } from "~/components/forms/form-field";
import { formatDateTime, formatMoney, formatNumber } from "~/lib/dates";
import { keepFailureInForm } from "~/lib/form-failure";
import { timeZoneNames } from "~/lib/time-zones";
import { PLACE_TEXT as T } from "~/lib/place-text";
import { isRefusal } from "~/lib/refusal";
import { placeSchema } from "~/lib/schemas/place";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { readPlace } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { formResult, requireIntent } from "~/server/http/form-result.server";
import { refusalResult } from "~/server/http/refusal.server";
import { logger } from "~/server/logger.server";
import { updatePlace } from "~/server/models/site/place.server";

// Console → Settings → Time and place (admin, like Settings): the agency's zone, locale and
// currency, audited and version-checked. Every text is in lib/place-text.ts.

export function meta({ matches }: Route.MetaArgs) {
  return privateMeta(`${T.title} | Settings`, matches);
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  const { value, version } = await readPlace();
  // From the server, so the select renders the same options on both sides.
  return { place: value, version, zones: timeZoneNames() };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "settings");
  const formData = await readForm(request);
  const intent = requireIntent(formData, ["save-place"]);
  const submission = parseWithZod(formData, { schema: placeSchema });
  if (submission.status !== "success") return formResult({ intent, status: "invalid", result: submission.reply() }, 400);
  const { timeZone, locale, currency, version } = submission.value;
  try {
    await updatePlace(user, { timeZone, locale, currency }, version);
  } catch (error) {
    if (isRefusal(error)) return refusalResult(error, { intent, submission });
    logger.error({ err: error }, "time and place save failed");
    return formResult({ intent, status: "error", message: T.failure, result: submission.reply() }, 500);
  }
  return formResult({ intent, status: "success", message: T.saved });
}

// A failed request (lost connection, 5xx, timeout) shows the form's message in place.
export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, T.failure);
}

const constraint = getZodConstraint(placeSchema);
// A fixed instant for the preview, so the server and the browser show the same text.
const SAMPLE_AT = Date.UTC(2026, 10, 25, 9, 30);

export default function ConsolePlace({ loaderData, actionData }: Route.ComponentProps) {
  const { place, version, zones } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-place";
  const [form, fields] = useForm({
    id: `place-${version}`,
    lastResult: actionData?.result,
    defaultValue: { timeZone: place.timeZone, locale: place.locale, currency: place.currency },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: placeSchema }),
  });
  return (
    <section aria-labelledby="place-heading" className="max-w-2xl">
      <SettingsPageHeader headingId="place-heading" title={T.title} intro={T.intro} />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="save-place" />
        <input type="hidden" name="version" value={version} />
        <FormField
          id={fields.timeZone.id}
          label={T.fields.timeZone.label}
          errors={fields.timeZone.errors}
          errorId={fields.timeZone.errorId}
          hint={T.fields.timeZone.hint}
        >
          {/* Typed with suggestions, not a select: ICU's list has some zones under their old names
              (Asia/Calcutta), and the current ones (Asia/Kolkata) are accepted too. */}
          <input {...getInputProps(fields.timeZone, { type: "text" })} list="place-zones" autoComplete="off" className="field-input" />
          <datalist id="place-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </FormField>
        <InputField field={fields.locale} type="text" label={T.fields.locale.label} hint={T.fields.locale.hint} autoComplete="off" />
        <InputField
          field={fields.currency}
          type="text"
          label={T.fields.currency.label}
          hint={T.fields.currency.hint}
          autoComplete="off"
          maxLength={3}
        />
        <ActionMessage outcome={actionData?.status === "invalid" ? undefined : actionData} />
        {form.errors?.length ? (
          <p role="alert" className="field-error">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? T.saving : T.save}
        </button>
      </Form>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 text-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="font-semibold text-slate-900 dark:text-white">{T.preview}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700 dark:text-slate-300">
          <dt>{T.previewLabels.dateTime}</dt>
          <dd data-testid="place-preview-date">{formatDateTime(SAMPLE_AT, place)}</dd>
          <dt>{T.previewLabels.number}</dt>
          <dd>{formatNumber(1234567.5, place.locale)}</dd>
          <dt>{T.previewLabels.money}</dt>
          <dd>{formatMoney(1234567.5, place)}</dd>
        </dl>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/settings")} backLabel={T.back} />;
}
