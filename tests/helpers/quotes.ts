import { CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { issueFormToken } from "~/server/defence/spam-defence.server";

let n = 0;

/**
 * A quote form as a person fills it in and posts it a few seconds later (past the spam defence's
 * minimum time), each with its own e-mail address unless `overrides` names one.
 */
export function validQuote(overrides: Record<string, string> = {}): Record<string, string> {
  n++;
  return {
    name: "Asha Rao",
    email: `asha${n}@example.com`,
    phone: "+91 98200 12345",
    country: "India",
    requirement: "A React Native app for our delivery riders.",
    formToken: issueFormToken(Date.now() - 5_000),
    website: "",
    consent: CURRENT_CONSENT_VERSION,
    ...overrides,
  };
}
