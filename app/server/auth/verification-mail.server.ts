import { createHash } from "node:crypto";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { mailAllowedTo } from "~/server/defence/mail-limits.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { composeMail } from "~/server/mail/templates.server";
import { getBrand } from "~/server/brand/brand.server";

// E-mail verification (decision 0028). The only mail an unverified account gets.

/** How long a verification link works. */
export const VERIFICATION_EXPIRES_IN_S = 24 * 3600;

export interface AccountToVerify {
  id: string;
  email: string;
  emailVerified: boolean;
}

/** A signed link token, as Better Auth's own sign-up makes one (it checks it in verifyEmail). */
async function verificationToken(user: AccountToVerify): Promise<string> {
  const { createEmailVerificationToken } = await import("better-auth/api");
  return createEmailVerificationToken(getEnv().AUTH_SECRET, user.email, undefined, VERIFICATION_EXPIRES_IN_S, { userId: user.id });
}

/**
 * Writes the verification mail to the outbox (Better Auth's sendVerificationEmail hook, and a reset
 * asked for an unverified account). Nothing for an address verified already (staff made in the
 * console or CLI), nor past the address's mail limit (mail-limits.server.ts).
 */
export async function queueVerificationMail(user: AccountToVerify, token?: string, reason: "sign-up" | "reset" = "sign-up"): Promise<void> {
  if (user.emailVerified) return;
  if (!(await mailAllowedTo(user.email, "verification"))) return;
  const link = token ?? (await verificationToken(user));
  const url = `${getEnv().APP_URL}/verify-email?token=${encodeURIComponent(link)}`;
  const mail = composeMail(
    {
      subject: "Verify your e-mail address",
      heading: "Verify your e-mail address",
      blocks: [
        reason === "reset"
          ? "Someone asked to reset the password of the account for this address. The address is not verified yet, so we cannot send a reset link: verify it first with the link below, then ask for a new password again."
          : "Thank you for creating a client portal account. Please confirm that this address is yours with the link below. It works for 24 hours.",
        { action: { label: "Verify my e-mail address", url } },
        { note: "If you did not create an account with us, ignore this e-mail: the account stays unverified and we send it nothing else." },
      ],
    },
    await getBrand(),
  );
  // The token is a long signed string: its hash keeps the key short. Tokens made within the same
  // second are the same token, so a double click queues one mail.
  const key = createHash("sha256").update(link).digest("base64url");
  await enqueueMail(db(), { to: user.email, ...mail, idempotencyKey: `email-verification:${reason}:${key}` });
  notifyMailEnqueued();
}
