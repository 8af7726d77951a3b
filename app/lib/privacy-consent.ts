import { z } from "~/lib/zod";

// Decision 0051: the short notice and the consent box of the quote and apply
// forms. A stored record names the version its sender saw, so every version's text stays here for
// good: changing the wording means adding a version and pointing CURRENT_CONSENT_VERSION at it,
// never editing one that has been shown.

export type ConsentForm = "quote" | "application";

export interface ConsentText {
  /** The notice above the box; its "Privacy Policy" becomes a link to /privacy. */
  notice: string;
  /** The checkbox's label: what the sender agrees to. */
  label: string;
}

export const CONSENT_VERSIONS = {
  "2026-11-26": {
    quote: {
      notice:
        "We use the details on this form only to answer your request and prepare an estimate, and keep them as our Privacy Policy describes. You may ask us to see or delete them at any time.",
      label: "I agree that you store and use these details to answer my request.",
    },
    application: {
      notice:
        "We use the details and resume you send only to consider your application, and keep them as our Privacy Policy describes. You may ask us to see or delete them at any time.",
      label: "I agree that you store and use these details and any file I attach to consider my application.",
    },
  },
} as const satisfies Record<string, Record<ConsentForm, ConsentText>>;

export type ConsentVersion = keyof typeof CONSENT_VERSIONS;

/** The version the forms show now. */
export const CURRENT_CONSENT_VERSION: ConsentVersion = "2026-11-26";

export const CONSENT_REQUIRED_MESSAGE = "Please tick the box to agree to the privacy notice before sending.";

const versionIds = Object.keys(CONSENT_VERSIONS) as [ConsentVersion, ...ConsentVersion[]];

/**
 * The ticked box posts the version it was shown with; any version on record is accepted, since a
 * page opened before a change showed (and the record keeps) the older text. Unticked: the message.
 */
export function consentField() {
  return z.enum(versionIds, { error: CONSENT_REQUIRED_MESSAGE });
}

/** The text of a stored version, for staff reading a record; undefined for null or unknown ids. */
export function consentText(version: string | null, form: ConsentForm): ConsentText | undefined {
  if (!version || !Object.hasOwn(CONSENT_VERSIONS, version)) return undefined;
  return CONSENT_VERSIONS[version as ConsentVersion][form];
}
