import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { CONSENT_VERSIONS, CURRENT_CONSENT_VERSION, type ConsentForm } from "~/lib/privacy-consent";

const POLICY = "Privacy Policy";

/**
 * The privacy notice and its required box, with the box's error in place. The box
 * posts the version of the text it shows (app/lib/privacy-consent.ts), which the record keeps.
 */
export function ConsentField({ field, form }: { field: FieldMetadata<string | undefined>; form: ConsentForm }) {
  const text = CONSENT_VERSIONS[CURRENT_CONSENT_VERSION][form];
  const noticeId = `${field.id}-notice`;
  const [before, after] = text.notice.split(POLICY);
  return (
    <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <p id={noticeId} className="text-sm text-slate-700 dark:text-slate-300">
        {before}
        {/* A new tab, so reading the policy never loses what was typed (the quote form is a modal). */}
        <a href="/privacy" target="_blank" rel="noopener" className="text-brand-700 underline dark:text-brand-300">
          {POLICY}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {after}
      </p>
      <div className="mt-3 flex items-start gap-3">
        <input
          {...getInputProps(field, { type: "checkbox", value: CURRENT_CONSENT_VERSION, ariaDescribedBy: noticeId })}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
        />
        <label htmlFor={field.id} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          {text.label}
        </label>
      </div>
      <div id={field.errorId} className="field-error" aria-live="polite">
        {field.errors?.join(" ")}
      </div>
    </div>
  );
}
