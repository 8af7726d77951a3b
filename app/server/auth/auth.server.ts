import type { betterAuth as BetterAuth } from "better-auth";
import { invalidateSessions } from "./session-cache.server";
import type { genericOAuth as GenericOAuth, magicLink as MagicLink, twoFactor as TwoFactor } from "better-auth/plugins";
import type { passkey as Passkey } from "@better-auth/passkey";
import type * as BetterAuthApi from "better-auth/api";
import { DEMO_BRAND } from "~/lib/brand";
import { roleForEmail } from "~/lib/roles";
import { currentDialect, db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { hitRateLimit } from "~/server/defence/rate-limit.server";
import { queuePasswordResetMail } from "./auth-mail.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-rules";
import { queueVerificationMail, VERIFICATION_EXPIRES_IN_S } from "./verification-mail.server";
import { checkIdentity, provisioningStaff } from "./staff-identity.server";
import { TWO_FACTOR_OPTIONS } from "./two-factor-options.server";
import { passkeyOptions } from "./passkey-options.server";
import { MAGIC_LINK_OPTIONS } from "./magic-link-options.server";
import { staffDisabled } from "./staff-access.server";
import { secondFactorPendingFor } from "./step-up-marker.server";
import { authHooks } from "./auth-hooks.server";
import { clientSignUpAllowed } from "./registration-gate.server";
// An invitation's link proved the address, so its account starts verified (no mail).
import { acceptingClientInvitation } from "./invitation-gate.server";
import { REGISTRATION_CLOSED_REFUSAL } from "~/lib/auth-messages";
import { companyDomain } from "~/server/brand/company-domain.server";

const SESSION_COOKIE_PREFIX = "agency";
export const GOOGLE_PROVIDER_ID = "google";
/** A header our HTTP layer sets from the socket / trusted proxies, replacing any client value. */
export const CLIENT_IP_HEADER = "x-agency-client-ip";

// Better Auth is a third of the server's start-up time, and anonymous pages never need it: it is
// loaded on the first request that does (a sign-in, or a visitor with a session cookie).
async function loadAuth() {
  const [{ betterAuth }, { genericOAuth, magicLink, twoFactor }, { passkey }, api] = await Promise.all([
    import("better-auth"),
    import("better-auth/plugins"),
    import("@better-auth/passkey"),
    import("better-auth/api"),
  ]);
  return createAuth(betterAuth, genericOAuth, twoFactor, passkey, api, magicLink);
}

function createAuth(
  betterAuth: typeof BetterAuth,
  genericOAuth: typeof GenericOAuth,
  twoFactor: typeof TwoFactor,
  passkey: typeof Passkey,
  api: typeof BetterAuthApi,
  magicLink: typeof MagicLink,
) {
  const env = getEnv();
  const hooks = authHooks(api);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: env.GOOGLE_CLIENT_ID,
                clientSecret: env.GOOGLE_CLIENT_SECRET,
                discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                prompt: "select_account",
                mapProfileToUser: (profile) => ({
                  name: String(profile.name ?? profile.email ?? ""),
                  email: String(profile.email ?? ""),
                  emailVerified: profile.email_verified === true || profile.email_verified === "true",
                }),
              },
            ],
          }),
        ]
      : [];

  return betterAuth({
    // Only Better Auth's fallback: the authenticator issuer and the passkey name come from the
    // brand per request (second-factor.server.ts, passkeys.server.ts).
    appName: DEMO_BRAND.shortName,
    baseURL: env.APP_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.APP_URL],
    telemetry: { enabled: false },
    database: { db: db(), type: currentDialect(), transaction: true },
    user: {
      modelName: "users",
      additionalFields: {
        // Decided on the server from the e-mail domain; never accepted from a client.
        role: { type: "string", required: false, defaultValue: "client", input: false },
        // Set by the console or CLI only (models/accounts/staff.server.ts).
        staffRole: { type: "string", required: false, input: false },
        staffDisabledAt: { type: "number", required: false, input: false },
        // Shown on the company page; written when a session opens.
        lastSignInAt: { type: "number", required: false, input: false },
        // The person's own zone (models/site/place.server.ts writes it): read with the session, so
        // a page needs no query of its own for it.
        timeZone: { type: "string", required: false, input: false },
      },
      // Off: /api/auth/delete-user would delete outside our transaction. Settings → Delete Account
      // deletes data, account, sessions and queued mails in one (account-purge.server.ts).
      deleteUser: { enabled: false },
      // Company addresses are staff made in the console or CLI; Google only signs them in.
      // A refusal redirects the callback to its error page before any user, link or session exists.
      validateUserInfo: async (data, ctx) => {
        const verdict = await checkIdentity(data, async (userId) => (await ctx.context.internalAdapter.findUserById(userId))?.email);
        if (verdict) return verdict;
        // With self-registration off, a new client account needs a pending invitation.
        const email = String(data.user.email ?? "");
        if (data.source.action === "create-user" && roleForEmail(email, companyDomain()) === "client" && !clientSignUpAllowed(email)) {
          return { error: REGISTRATION_CLOSED_REFUSAL, errorDescription: "New client accounts are by invitation only." };
        }
        return undefined;
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 7 * 24 * 3600,
      updateAge: 24 * 3600,
      // Every request reads the database, so a revoked session stops working at once.
      cookieCache: { enabled: false },
      additionalFields: {
        // Decision 0029: a Google sign-in of an account with two-factor on waits for its code.
        secondFactorPending: { type: "boolean", required: false, input: false },
        // Decision 0030: set by passkeys.server.ts once a passkey opened the session; read with it.
        passkeySignIn: { type: "boolean", required: false, input: false },
      },
    },
    // Linking a Google login to an existing account needs the provider to vouch for the e-mail, and
    // the local address to be verified (Better Auth's default, spelled out).
    account: { modelName: "accounts", accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // The forms apply each audience's rules (lib/password-rules.ts); this is the floor.
      minPasswordLength: PASSWORD_MIN.client,
      maxPasswordLength: PASSWORD_MAX,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) => queuePasswordResetMail(user, token),
    },
    // Decision 0028: the link opens our /verify-email page, whose POST calls verifyEmail; Better
    // Auth's own GET endpoint is not exposed (routes/resources/auth-api.ts).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_EXPIRES_IN_S,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => queueVerificationMail(user, token),
    },
    databaseHooks: {
      user: {
        create: {
          // Staff made by the console or CLI count as verified from the start (their sign-up's own
          // session must pass the session hook below).
          before: async (user) => ({
            data: {
              ...user,
              role: roleForEmail(user.email, companyDomain()),
              emailVerified: user.emailVerified || provisioningStaff() || acceptingClientInvitation(user.email),
            },
          }),
        },
      },
      session: {
        create: {
          //, last line at the source: no session at all for an unverified company address.
          before: async (session, ctx) => {
            const user = await ctx?.context.internalAdapter.findUserById(session.userId);
            if (user && roleForEmail(user.email, companyDomain()) === "employee" && !user.emailVerified) return false;
            // A disabled staff member gets no session by any way in: password, Google, or another.
            if (user && staffDisabled(user)) return false;
            // Decisions 0029/0098: the twoFactor plugin challenges only passwords; a session opened
            // by Google or by an e-mailed link waits for a code.
            if (secondFactorPendingFor(ctx?.path, user)) return { data: { ...session, secondFactorPending: true } };
            // Decision 0053: turning two-factor on or off replaces the session, not its start.
            const startedAt = await hooks.replacedSessionStart(ctx, session.userId);
            if (startedAt) return { data: { ...session, createdAt: startedAt } };
            return undefined;
          },
          // The company page shows each member's last sign-in; sessions go at sign-out.
          // Through Better Auth's adapter: this may run inside its transaction (sign-up), which on
          // SQLite holds the only connection.
          after: async (session, ctx) => {
            await ctx?.context.internalAdapter.updateUser(session.userId, { lastSignInAt: Date.now() });
          },
        },
      },
    },
    // Decision 0053: no passkey without a recent confirmation, one use per TOTP code, and a mail
    // for each passkey added, whoever calls the endpoints.
    hooks: { before: hooks.before, after: hooks.after },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customStorage: {
        // Counted in the shared database, so every instance enforces the same limit.
        async consume(key, rule) {
          const allowed = await hitRateLimit(`auth:${key}`, { limit: rule.max, windowMs: rule.window * 1000 });
          return { allowed, retryAfter: allowed ? null : rule.window };
        },
      },
    },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: env.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [...google, twoFactor(TWO_FACTOR_OPTIONS), passkey(passkeyOptions(env.APP_URL)), magicLink(MAGIC_LINK_OPTIONS)],
  });
}

type Auth = ReturnType<typeof createAuth>;
let instance: Promise<Auth> | undefined;

export function auth(): Promise<Auth> {
  instance ??= loadAuth().catch((error: unknown) => {
    instance = undefined;
    throw error;
  });
  return instance;
}

/** Tests swap databases between suites; the auth instance holds the old handle. */
export function resetAuthForTests(): void {
  instance = undefined;
  // Another database: no lookup read from the previous one may answer.
  invalidateSessions();
}

export function googleEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}
