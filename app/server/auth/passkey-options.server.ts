import type { PasskeyOptions } from "@better-auth/passkey";

//, decision 0030: the plugin's settings, apart from passkeys.server.ts (which calls auth).
// Plain errors below: the plugin turns any error of these hooks into its own refusal, and this
// module is loaded with auth.server.ts, before Better Auth itself is (no import of it here).

/**
 * A passkey stands for two factors (the device, and its unlock) only when the authenticator
 * verified its user: an assertion without user verification is refused, whatever the browser
 * was asked.
 */
function requireUserVerification(verified: boolean | undefined): void {
  if (!verified) throw new Error("the authenticator did not verify its user");
}

/**
 * The plugin's settings: relying party = APP_URL's host name, the only origin accepted = its origin.
 * The name the passkey prompt shows is the brand's, set on each registration's options
 * (passkeys.server.ts): the browser only shows it, nothing verifies it.
 */
export function passkeyOptions(appUrl: string): PasskeyOptions {
  const url = new URL(appUrl);
  return {
    rpID: url.hostname,
    origin: url.origin,
    // Discoverable credentials, so the login pages need no e-mail first; user verification (a
    // fingerprint, face or device PIN) is what makes a passkey a second factor.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    registration: { afterVerification: ({ verification }) => requireUserVerification(verification.registrationInfo?.userVerified) },
    authentication: { afterVerification: ({ verification }) => requireUserVerification(verification.authenticationInfo.userVerified) },
    // Our table is plural like Better Auth's others; the camel-case mapper would turn credentialID
    // into credential_i_d, so the field is spelled as the column reads back.
    schema: { passkey: { modelName: "passkeys", fields: { credentialID: "credentialId" } } },
  };
}
