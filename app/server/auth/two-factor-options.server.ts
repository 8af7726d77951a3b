import type { TwoFactorOptions } from "better-auth/plugins";

// Better Auth's twoFactor plugin, as we use it (decision 0029): TOTP with recovery codes, no
// e-mailed codes, no "trust this device" (a stolen cookie must not skip the second factor).
// The issuer the authenticator app shows is the brand's, sent with each enrolment
// (second-factor.server.ts): a brand renamed in the console needs no restart.
export const TWO_FACTOR_OPTIONS = {
  // The password is asked before enabling, disabling or regenerating codes, except for an account
  // that has none (a staff member who only ever signs in with Google).
  allowPasswordless: true,
  // Our plural table names (users, sessions...): two_factors through Kysely's CamelCasePlugin.
  schema: { twoFactor: { modelName: "twoFactors" } },
  backupCodeOptions: { amount: 10, length: 10 },
  // Ten wrong codes in a row lock the account's second factor for 15 minutes, on top of our own
  // per-IP and per-challenge counts (two-factor-throttle.server.ts).
  accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
} satisfies TwoFactorOptions;
