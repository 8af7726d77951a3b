import type { magicLink } from "better-auth/plugins";
import { queueSignInLinkMail } from "./magic-link-mail.server";
import { newSignInLinkToken, SIGN_IN_LINK_EXPIRES_IN_S } from "./sign-in-link-token.server";

// Decision 0098: Better Auth's magic-link plugin keeps the token (hashed), consumes it atomically
// and opens the session through the same path and hooks as every other sign-in. Its endpoints are
// not exposed over HTTP (routes/resources/auth-api.ts): our routes decide who may get a link
// (magic-link.server.ts) and spend it on a POST only.

export const MAGIC_LINK_OPTIONS: Parameters<typeof magicLink>[0] = {
  expiresIn: SIGN_IN_LINK_EXPIRES_IN_S,
  // Only the SHA-256 of the token is stored: a copy of the database opens no account.
  storeToken: "hashed",
  // A link signs in an existing account only; new accounts come by registration or invitation.
  disableSignUp: true,
  // Carries its expiry, so a swept-away expired link is still told apart from a used one.
  generateToken: () => newSignInLinkToken(),
  // The plugin's own URL points at its GET endpoint, which we do not expose; the mail links our page.
  sendMagicLink: async ({ email, token }) => queueSignInLinkMail(email, token),
};
