import { expect, test } from "vitest";
import { CONSENT_REQUIRED_MESSAGE, CURRENT_CONSENT_VERSION } from "~/lib/privacy-consent";
import { quoteSchema } from "~/lib/schemas/quotes";

const valid = {
  name: "Asha Rao",
  email: "asha@example.com",
  phone: "+91 98200 12345",
  requirement: "An iOS app",
  consent: CURRENT_CONSENT_VERSION,
};

test("A quote needs name, email, phone and requirement; country is optional", () => {
  expect(quoteSchema.safeParse(valid).success).toBe(true);
  for (const field of ["name", "email", "phone", "requirement"] as const) {
    const result = quoteSchema.safeParse({ ...valid, [field]: "  " });
    expect(result.success).toBe(false);
  }
});

test("A malformed email or phone is refused with a readable message", () => {
  const bad = quoteSchema.safeParse({ ...valid, email: "asha@", phone: "call me" });
  expect(bad.success).toBe(false);
  const messages = bad.error?.issues.map((i) => i.message) ?? [];
  expect(messages).toContain("Enter a valid email address.");
  expect(messages.some((m) => m.startsWith("Enter a valid phone number"))).toBe(true);
});

test("Inputs are trimmed", () => {
  const parsed = quoteSchema.parse({ ...valid, name: "  Asha Rao  ", country: " India " });
  expect(parsed.name).toBe("Asha Rao");
  expect(parsed.country).toBe("India");
});

test("A quote without the privacy notice's box ticked, or with an unknown version, is refused with the consent message", () => {
  for (const consent of [undefined, "", "on", "1999-01-01"]) {
    const result = quoteSchema.safeParse({ ...valid, consent });
    expect(result.success, String(consent)).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([CONSENT_REQUIRED_MESSAGE]);
  }
});
