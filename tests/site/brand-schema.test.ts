import { expect, test } from "vitest";
import { brandPalette, brandPaletteCss } from "~/lib/brand-palette";
import { brandSchema, mailIdentitySchema } from "~/lib/schemas/brand";

const valid = {
  intent: "save-brand",
  version: "0",
  name: "Heron Works",
  shortName: "Heron",
  legalName: "Heron Works Ltd",
  domain: "heron.test",
  primaryColor: "#0f766e",
};

const messages = (input: Record<string, string>) => brandSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message) ?? [];

test("A brand needs a name, short name, legal name, domain and colour; the rest may be empty", () => {
  const parsed = brandSchema.parse(valid);
  expect(parsed).toMatchObject({ version: 0, tagline: "", phone: "", infoEmail: "", linkedin: "" });
  for (const field of ["name", "shortName", "legalName", "domain"])
    expect(brandSchema.safeParse({ ...valid, [field]: " " }).success).toBe(false);
});

test("A colour too light for white button text is refused with the contrast found and the one needed", () => {
  const [message] = messages({ primaryColor: "#ffcc00" });
  expect(message).toBe(
    "This colour is too light: white button text on it has a contrast of 2.24:1, and at least 4.5:1 is needed. Choose a darker colour.",
  );
});

test("A colour too dark for the dark theme's button text is refused with the contrast found and the one needed", () => {
  const [message] = messages({ primaryColor: "#111111" });
  expect(message).toMatch(
    /^This colour is too dark: in dark mode, button text on it has a contrast of 1\.\d+:1, and at least 4\.5:1 is needed\./,
  );
});

test("A colour that is not #rrggbb is refused", () => {
  expect(messages({ primaryColor: "teal" })).toEqual(["Enter the colour as #rrggbb, for example #4f46e5."]);
});

test("The default colour keeps the stylesheet's own palette and needs no override", () => {
  expect(brandSchema.safeParse({ ...valid, primaryColor: "#4F46E5" }).success).toBe(true);
  expect(brandPalette("#4f46e5")[700]).toBe("#4338ca");
  expect(brandPaletteCss("#4f46e5")).toBe("");
  expect(brandPaletteCss("#0f766e")).toMatch(/^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand-600:#0f766e;.*\}$/);
});

test("Social links must be https, and an empty one is hidden", () => {
  expect(messages({ linkedin: "http://linkedin.com/x" })).toEqual(["LinkedIn must be an https:// address, or empty to hide it."]);
  expect(messages({ youtube: "javascript:alert(1)" })).toHaveLength(1);
  expect(brandSchema.parse({ ...valid, instagram: "https://instagram.com/heron" }).instagram).toBe("https://instagram.com/heron");
});

test("Empty mail addresses mean the notices are not mailed", () => {
  expect(mailIdentitySchema.parse({ intent: "save-mail", version: "5", senderName: "Heron Works" })).toEqual({
    intent: "save-mail",
    version: 5,
    senderName: "Heron Works",
    senderAddress: null,
    leadsInbox: null,
    applicationsInbox: null,
  });
  expect(mailIdentitySchema.safeParse({ intent: "save-mail", version: "5", senderName: "Heron <x@y>" }).success).toBe(false);
  expect(mailIdentitySchema.safeParse({ intent: "save-mail", version: "5", senderName: "H", leadsInbox: "nope" }).success).toBe(false);
});
