import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkIdentity, provisionStaffAccount, type IdentityToCheck } from "~/server/auth/staff-identity.server";
import { setEnv } from "../helpers/env";

// The rules Better Auth's validateUserInfo applies (decision 0026), with Google's own issuer, which
// the local OpenID provider of tests/accounts/auth-google.test.ts cannot stand in for.
const GOOGLE = "https://accounts.google.com";
const staffIds: Record<string, string> = { "staff-1": "sam@indigokite.dev", "client-1": "grace@example.com" };
const storedEmailOf = async (id: string) => staffIds[id];

function google(action: string, profile: Record<string, unknown>, userId?: string): IdentityToCheck {
  const email = String(profile.email);
  return {
    user: { id: userId, email: email.toLowerCase(), emailVerified: profile.email_verified === true },
    source: { action, method: "oauth", oauth: { providerId: "google", profile: { iss: GOOGLE, ...profile } } },
  };
}

describe("Who may sign in with a company address (Google's issuer)", () => {
  let restore: () => void;
  beforeAll(() => {
    restore = setEnv({ COMPANY_DOMAIN: "indigokite.dev", GOOGLE_ISSUER: GOOGLE });
  });
  afterAll(() => restore());

  test("An existing staff account signs in with a verified address and hd equal to the company domain", async () => {
    expect(
      await checkIdentity(
        google("sign-in", { email: "sam@indigokite.dev", email_verified: true, hd: "indigokite.dev" }, "staff-1"),
        storedEmailOf,
      ),
    ).toBeUndefined();
    expect(
      await checkIdentity(
        google("link-account", { email: "Sam@IndigoKite.dev", email_verified: true, hd: "IndigoKite.dev" }, "staff-1"),
        storedEmailOf,
      ),
    ).toBeUndefined();
  });

  test("From Google's issuer a company address without hd, or with another hd, is refused", async () => {
    const missing = await checkIdentity(google("sign-in", { email: "sam@indigokite.dev", email_verified: true }, "staff-1"), storedEmailOf);
    const other = await checkIdentity(
      google("link-account", { email: "sam@indigokite.dev", email_verified: true, hd: "evil.example" }, "staff-1"),
      storedEmailOf,
    );
    expect(missing?.error).toBe("staff_hosted_domain");
    expect(other?.error).toBe("staff_hosted_domain");
  });

  test("Google never creates a company-domain user, even verified with the right hd", async () => {
    const verdict = await checkIdentity(
      google("create-user", { email: "new@indigokite.dev", email_verified: true, hd: "indigokite.dev" }),
      storedEmailOf,
    );
    expect(verdict?.error).toBe("staff_not_provisioned");
  });

  test("An unverified address, a changed address or a Kelvin-sign look-alike is refused", async () => {
    expect(
      (
        await checkIdentity(
          google("sign-in", { email: "sam@indigokite.dev", email_verified: false, hd: "indigokite.dev" }, "staff-1"),
          storedEmailOf,
        )
      )?.error,
    ).toBe("staff_email_unverified");
    expect(
      (await checkIdentity(google("sign-in", { email: "sam.new@gmail.com", email_verified: true }, "staff-1"), storedEmailOf))?.error,
    ).toBe("staff_address_changed");
    expect(
      (
        await checkIdentity(
          google("sign-in", { email: "sam@indigo\u212Aite.dev", email_verified: true, hd: "indigokite.dev" }, "staff-1"),
          storedEmailOf,
        )
      )?.error,
    ).toBe("staff_lookalike_address");
    expect(
      (
        await checkIdentity(
          google("link-account", { email: "x@indigokite.dev", email_verified: true, hd: "indigokite.dev" }, "client-1"),
          storedEmailOf,
        )
      )?.error,
    ).toBe("staff_not_provisioned");
  });

  test("Clients sign up and sign in with Google as before; staff are created only by provisioning", async () => {
    expect(await checkIdentity(google("create-user", { email: "grace@example.com", email_verified: true }), storedEmailOf)).toBeUndefined();
    expect(
      await checkIdentity(google("sign-in", { email: "grace@example.com", email_verified: false }, "client-1"), storedEmailOf),
    ).toBeUndefined();
    const signUp: IdentityToCheck = { user: { email: "new@indigokite.dev" }, source: { action: "create-user", method: "email-password" } };
    expect((await checkIdentity(signUp, storedEmailOf))?.error).toBe("staff_not_provisioned");
    expect(await provisionStaffAccount(() => checkIdentity(signUp, storedEmailOf))).toBeUndefined();
  });
});
