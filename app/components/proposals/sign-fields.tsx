import type { FormResult } from "~/lib/form-result";
import { SignatureField } from "./signature-field";

// The fields of a signature, for the client's "Accept and sign" and the agency's countersignature:
// the typed full name, the consent to sign electronically, and an optional drawing. A refused
// post shows each field's reason beside it and keeps what was typed (never the drawing).

export function fieldError(outcome: FormResult | undefined, field: string): string | undefined {
  return outcome?.result?.error?.[field]?.[0];
}

export function typed(outcome: FormResult | undefined, field: string): string | undefined {
  const value = (outcome?.result?.initialValue as Record<string, unknown> | undefined)?.[field];
  return typeof value === "string" ? value : undefined;
}

export function SignFields({ outcome, idPrefix = "" }: { outcome: FormResult | undefined; idPrefix?: string }) {
  const nameId = `${idPrefix}fullName`;
  const nameError = fieldError(outcome, "fullName");
  const consentError = fieldError(outcome, "consent");
  return (
    <>
      <label htmlFor={nameId} className="field-label mt-3">
        Your full name
      </label>
      <input
        id={nameId}
        name="fullName"
        autoComplete="name"
        className="field-input max-w-md"
        defaultValue={typed(outcome, "fullName")}
        aria-invalid={nameError ? true : undefined}
        aria-describedby={nameError ? `${nameId}-error` : undefined}
      />
      {nameError ? (
        <p id={`${nameId}-error`} className="field-error">
          {nameError}
        </p>
      ) : null}
      <label className="mt-3 flex items-center gap-2">
        <input
          type="checkbox"
          name="consent"
          defaultChecked={typed(outcome, "consent") === "on"}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${idPrefix}consent-error` : undefined}
        />
        I agree to sign electronically
      </label>
      {consentError ? (
        <p id={`${idPrefix}consent-error`} className="field-error">
          {consentError}
        </p>
      ) : null}
      <SignatureField />
    </>
  );
}
