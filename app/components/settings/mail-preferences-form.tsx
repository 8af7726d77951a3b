import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "~/components/forms/action-message";
import { FormField } from "~/components/forms/form-field";
import type { FormResult } from "~/lib/form-result";
import { MAIL_CHOICE_LABELS, MAIL_CHOICES, type MailAudience, type MailChoice } from "~/lib/mail-preferences";
import { mailPreferencesSchema } from "~/lib/schemas/notification-preferences";

interface Props {
  audience: MailAudience;
  types: ReadonlyArray<{ type: string; label: string }>;
  preferences: { choices: Record<string, MailChoice>; digestHour: number; timeZone: string };
  timeZones: readonly string[];
  outcome?: FormResult;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * One radio group per notification type, then the digest's hour and time zone.
 * A plain form: without JavaScript the action answers with the same page, the values kept.
 */
export function MailPreferencesForm({ audience, types, preferences, timeZones, outcome }: Props) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-preferences";
  const lastResult = outcome?.result as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm({
    id: "mail-preferences",
    lastResult,
    defaultValue: { choices: preferences.choices, digestHour: String(preferences.digestHour), timeZone: preferences.timeZone },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mailPreferencesSchema(audience) }),
  });
  const choiceFields = fields.choices.getFieldset() as Record<
    string,
    { name: string; initialValue?: unknown; errors?: string[]; errorId: string }
  >;
  const { digestHour, timeZone } = fields;

  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name="intent" value="save-preferences" />
      <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">E-mail for each kind of notification</legend>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your bell shows every notification either way. Security mails (password resets, address checks, new sign-ins, two-factor changes,
          invitations) always go.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-600 dark:text-slate-400">
              <th scope="col" className="py-2 pr-4 font-medium">
                Notification
              </th>
              {MAIL_CHOICES.map((choice) => (
                <th key={choice} scope="col" className="px-2 py-2 text-center font-medium">
                  {MAIL_CHOICE_LABELS[choice]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {types.map(({ type, label }) => {
              const field = choiceFields[type];
              const current = typeof field?.initialValue === "string" ? field.initialValue : preferences.choices[type];
              const name = field?.name ?? `choices.${type}`;
              return (
                <tr key={type}>
                  <th scope="row" id={`choice-${type}`} className="py-3 pr-4 font-medium text-slate-900 dark:text-white">
                    {label}
                    {field?.errors ? (
                      <span id={field.errorId} className="field-error block">
                        {field.errors.join(" ")}
                      </span>
                    ) : null}
                  </th>
                  {MAIL_CHOICES.map((choice) => (
                    <td key={choice} className="px-2 py-3 text-center">
                      <input
                        type="radio"
                        name={name}
                        value={choice}
                        // Remounted with the saved value after each answer (key), so no stale checks.
                        key={`${choice}-${current}`}
                        defaultChecked={current === choice}
                        aria-label={`${label}: ${MAIL_CHOICE_LABELS[choice]}`}
                        className="h-5 w-5 accent-brand-600"
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
        <legend className="px-1 font-semibold text-slate-900 dark:text-white">Daily digest</legend>
        <FormField id={digestHour.id} label="Send it at" errors={digestHour.errors} errorId={digestHour.errorId}>
          <select
            id={digestHour.id}
            name={digestHour.name}
            key={`hour-${String(digestHour.initialValue)}`}
            defaultValue={String(digestHour.initialValue ?? preferences.digestHour)}
            aria-invalid={digestHour.errors ? true : undefined}
            aria-describedby={digestHour.errors ? digestHour.errorId : undefined}
            className="field-input"
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={timeZone.id}
          label="Time zone"
          errors={timeZone.errors}
          errorId={timeZone.errorId}
          hint="A name such as Europe/Berlin or America/New_York."
        >
          <input
            {...getInputProps(timeZone, { type: "text" })}
            key={`zone-${String(timeZone.initialValue)}`}
            list="mail-preferences-zones"
            autoComplete="off"
            spellCheck={false}
            className="field-input"
          />
          <datalist id="mail-preferences-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </FormField>
      </fieldset>

      <ActionMessage outcome={outcome} />
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? "Saving..." : "Save preferences"}
      </button>
    </Form>
  );
}
