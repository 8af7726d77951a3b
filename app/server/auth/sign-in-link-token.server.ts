import { randomBytes } from "node:crypto";

// Decision 0098. A leaf module: the plugin's options and magic-link.server.ts share it.

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_LINK_EXPIRES_IN_S = 15 * 60;

/**
 * A new link's token: 32 random characters and, after a dot, when it expires (base 36 ms). The
 * expiry is inside what is hashed, so it cannot be changed; it only lets the page say "expired"
 * rather than "used" once Better Auth has swept the expired row away.
 */
export function newSignInLinkToken(now = Date.now()): string {
  return `${randomBytes(24).toString("base64url")}.${(now + SIGN_IN_LINK_EXPIRES_IN_S * 1000).toString(36)}`;
}

/** Whether the token says it has expired (whether or not its row is still there). */
export function expiredByItsOwnWord(token: string): boolean {
  const expiresAt = parseInt(token.split(".")[1] ?? "", 36);
  return Number.isFinite(expiresAt) && expiresAt <= Date.now();
}
