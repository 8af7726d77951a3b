import type { PasskeyOptions } from "@better-auth/passkey";

// Issue 15, decision 0030: the plugin's settings, apart from passkeys.server.ts (which calls auth).
/** The plugin's settings: relying party = APP_URL's host name, the only origin accepted = its origin. */
export function passkeyOptions(appUrl: string): PasskeyOptions {
  const url = new URL(appUrl);
  return {
    rpID: url.hostname,
    rpName: "Indigo Kite",
    origin: url.origin,
    // Our table is plural like Better Auth's others; the camel-case mapper would turn credentialID
    // into credential_i_d, so the field is spelled as the column reads back.
    schema: { passkey: { modelName: "passkeys", fields: { credentialID: "credentialId" } } },
  };
}
