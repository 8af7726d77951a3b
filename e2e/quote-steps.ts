import type { Locator, Page } from "@playwright/test";
import { agreeToPrivacyNotice, uniqueId } from "./helpers";

// A visitor asking for a quote: who they are, and filling the form (the modal or /quote).
// Used by e2e/quote.spec.ts and the fresh-install journey.

export function newRequester() {
  const uid = uniqueId();
  return {
    name: `Asha Rao ${uid}`,
    email: `quote-${uid}@example.com`,
    phone: "+91 98765 43210",
    country: "India",
    requirement: `A booking app for our clinics (${uid}).`,
  };
}

export type Requester = ReturnType<typeof newRequester>;

export async function fillQuote(scope: Locator | Page, who: Requester, options: { requirement?: boolean; consent?: boolean } = {}) {
  await scope.getByLabel("Full Name").fill(who.name);
  await scope.getByLabel("Email").fill(who.email);
  await scope.getByLabel("Phone").fill(who.phone);
  await scope.getByLabel("Country").fill(who.country);
  if (options.requirement !== false) await scope.getByLabel("Requirement").fill(who.requirement);
  if (options.consent !== false) await agreeToPrivacyNotice(scope);
}
