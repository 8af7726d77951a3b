import { consentText, type ConsentForm } from "~/lib/privacy-consent";
import { Time } from "~/components/time";

const TERM = "font-medium text-slate-600 dark:text-slate-400";

/**
 * The consent a lead or applicant gave, with the exact text of its version; rows
 * sent before the forms asked have none. A <dt>/<dd> pair for the record page's list.
 */
export function ConsentRecord({
  version,
  at,
  form,
  privacyVersion = null,
}: {
  version: string | null;
  at: number | null;
  form: ConsentForm;
  /** The privacy policy's published version then (site content); null on older records. */
  privacyVersion?: number | null;
}) {
  const text = consentText(version, form);
  return (
    <>
      <dt className={TERM}>Consent</dt>
      <dd>
        {version && at !== null ? (
          <>
            Given <Time at={at} withTime /> to notice version {version}
            {privacyVersion !== null ? `, under privacy policy version ${privacyVersion}` : ""}
            {text ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-brand-700 dark:text-brand-300">Text agreed to</summary>
                <p className="mt-1 text-slate-700 dark:text-slate-300">{text.notice}</p>
                <p className="mt-1 font-medium text-slate-900 dark:text-slate-100">☑ {text.label}</p>
              </details>
            ) : null}
          </>
        ) : (
          "None recorded (sent before the form asked for consent)"
        )}
      </dd>
    </>
  );
}
