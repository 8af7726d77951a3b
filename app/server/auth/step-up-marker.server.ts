// Decision 0029, "Google sign-in and two-factor": Better Auth's twoFactor plugin challenges only the
// password sign-in, so a session the OAuth callback opens for an account with two-factor on starts
// as "second factor pending" (sessions.second_factor_pending) until /two-factor/step-up has its code.

/**
 * Whether Better Auth is creating the session inside an OAuth callback. `path` is the endpoint's
 * route as Better Auth's router declares it (`/callback/:id`; `/oauth2/callback/:providerId` for
 * older generic OAuth), never the request's URL, so no query or URL trick changes it; these are the
 * only endpoints where a provider's login becomes a session (signing in with an ID token,
 * `/sign-in/social`, is not exposed: routes/resources/auth-api.ts). Better Auth's own OAuth popup
 * plugin recognises callbacks the same way.
 */
export function isOAuthCallback(path: string | undefined): boolean {
  return Boolean(path && (path.startsWith("/callback/") || path.startsWith("/oauth2/callback/")));
}

/**
 * Decision 0098: the magic-link plugin's endpoint that spends a link and opens its session (called
 * by our /login/link page's POST only; not exposed over HTTP). Its route, like the callbacks'.
 */
export const MAGIC_LINK_VERIFY_PATH = "/magic-link/verify";

/** The session.create hook's answer: pending for a provider or e-mailed-link sign-in of an account with two-factor on. */
export function secondFactorPendingFor(path: string | undefined, user: object | null | undefined): boolean {
  const challenged = isOAuthCallback(path) || path === MAGIC_LINK_VERIFY_PATH;
  // twoFactorEnabled is the twoFactor plugin's field, which the hook's user type does not list.
  return challenged && Boolean(user && "twoFactorEnabled" in user && user.twoFactorEnabled);
}
