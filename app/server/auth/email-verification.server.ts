import { APIError } from "better-auth/api";
import { auth } from "./auth.server";
import { logger } from "~/server/logger.server";

// The POST behind /verify-email (decision 0028). Better Auth checks the link's signature and its 24 h
// expiry; verifying is a one-way change, so a second use of a link finds the address verified and
// changes nothing: that is how a link is single-use.

export type VerifyOutcome = "verified" | "used" | "expired" | "invalid";

/** The account a link names, read without trusting it (Better Auth checks the signature next). */
function claimedAccount(token: string): { email?: string; userId?: string } {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? (payload as { email?: string; userId?: string }) : {};
  } catch {
    return {};
  }
}

async function alreadyVerified(token: string): Promise<boolean> {
  const { email, userId } = claimedAccount(token);
  const context = await (await auth()).$context;
  const user = userId
    ? await context.internalAdapter.findUserById(userId)
    : email
      ? (await context.internalAdapter.findUserByEmail(email))?.user
      : null;
  return Boolean(user?.emailVerified);
}

export async function verifyEmailToken(token: string): Promise<VerifyOutcome> {
  const before = await alreadyVerified(token);
  try {
    await (await auth()).api.verifyEmail({ query: { token } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "TOKEN_EXPIRED") return "expired";
    logger.info({ code }, "verification link refused");
    return "invalid";
  }
  return before ? "used" : "verified";
}
