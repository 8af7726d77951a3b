import { accountLink } from "./links";
import type { Role } from "./roles";
import { sideOfRole } from "./side";

/** Where a user manages their own sign-in (sessions, passkeys): portal Settings or console My account. */
export function accountPathFor(role: Role): string {
  return accountLink(sideOfRole(role));
}

export const SESSIONS_ACTION = "/account/sessions";
/** A person's own time zone (staff and clients alike). */
export const TIME_ZONE_ACTION = "/account/time-zone";
export const PASSKEYS_ACTION = "/account/passkeys";
export const PASSKEY_NEW_ACTION = "/account/passkeys/new";
/** "Confirm it's you" (decision 0053): the password or a code, before adding a passkey. */
export const CONFIRM_IDENTITY_PATH = "/account/confirm";
export const PASSKEY_SIGN_IN_ACTION = "/passkeys/sign-in";

/** One of a user's sessions as their Settings list shows it (never its token). */
export interface SessionView {
  /** The session row's id: opaque, useless as a credential. */
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
  /** Opened by a passkey rather than a password or Google. */
  viaPasskey: boolean;
}

/** One of a user's passkeys as their Settings list shows it (never its key). */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string | null;
}
