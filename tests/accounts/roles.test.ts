import { describe, expect, test } from "vitest";
import { isCompanyLookalike, looksLikeCompanyEmail, roleForEmail } from "~/lib/roles";

const DOMAIN = "indigokite.dev";

describe("Roles from the e-mail domain", () => {
  test("A plain-ASCII company address is staff in any letter case; anything else is a client", () => {
    expect(roleForEmail("Sam@IndigoKite.DEV", DOMAIN)).toBe("employee");
    expect(roleForEmail(" sam@indigokite.dev ", DOMAIN)).toBe("employee");
    expect(roleForEmail("sam@example.com", DOMAIN)).toBe("client");
    expect(roleForEmail("sam@indigokite.dev.evil.example", DOMAIN)).toBe("client");
    expect(roleForEmail("sam@notindigokite.dev", DOMAIN)).toBe("client");
  });

  test("A Kelvin sign (U+212A) or a full-width letter never makes a company address", () => {
    // "\u212A".toLowerCase() is the ASCII "k": the old check lower-cased before comparing.
    expect(roleForEmail("una@indigo\u212Aite.dev", DOMAIN)).toBe("client");
    expect(roleForEmail("una@indigo\uFF4Bite.dev", DOMAIN)).toBe("client");
    expect(roleForEmail("\u212Aate@indigokite.dev", DOMAIN)).toBe("client");
  });

  test("Look-alikes of a company address are recognised so the client forms can refuse them", () => {
    expect(looksLikeCompanyEmail("una@indigo\u212Aite.dev", DOMAIN)).toBe(true);
    expect(looksLikeCompanyEmail("una@indigo\uFF4Bite.dev", DOMAIN)).toBe(true);
    expect(looksLikeCompanyEmail("una@IndigoKite.dev", DOMAIN)).toBe(true);
    expect(looksLikeCompanyEmail("una@example.com", DOMAIN)).toBe(false);
    expect(isCompanyLookalike("una@indigo\u212Aite.dev", DOMAIN)).toBe(true);
    expect(isCompanyLookalike("una@indigokite.dev", DOMAIN)).toBe(false);
  });
});
