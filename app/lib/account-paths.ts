import type { Role } from "./roles";

/** Where a user manages their own sign-in (sessions, passkeys): portal Settings or console My account. */
export function accountPathFor(role: Role): "/user-dashboard/settings" | "/employee-dashboard/account" {
  return role === "employee" ? "/employee-dashboard/account" : "/user-dashboard/settings";
}

export const SESSIONS_ACTION = "/account/sessions";
export const PASSKEYS_ACTION = "/account/passkeys";
export const PASSKEY_NEW_ACTION = "/account/passkeys/new";
export const PASSKEY_SIGN_IN_ACTION = "/passkeys/sign-in";
