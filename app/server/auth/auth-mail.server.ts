import type { Kysely, Transaction } from "kysely";
import { accountPathFor } from "~/lib/account-paths";
import { roleForEmail } from "~/lib/roles";
import { db } from "~/server/db/db.server";
import type { Database } from "~/server/db/schema";
import { getEnv } from "~/server/env.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { composeMail, type MailBrand } from "~/server/mail/templates.server";
import { getBrand } from "~/server/brand/brand.server";
import { mailAllowedTo } from "~/server/defence/mail-limits.server";
import { queueVerificationMail, type AccountToVerify } from "./verification-mail.server";
import { companyDomain } from "~/server/brand/company-domain.server";

/**
 * Only writes an outbox row: as fast for every e-mail, and the link is never lost
 * (docs/security.md "Sign-in, registration and account mails"). Past the per-address limit it
 * writes nothing, whoever asked (mail-limits.server.ts). An unverified address gets the verification
 * mail instead: it gets no other mail (decision 0028).
 */
export async function queuePasswordResetMail(user: AccountToVerify, token: string): Promise<void> {
  if (!user.emailVerified) return queueVerificationMail(user, undefined, "reset");
  const email = user.email;
  if (!(await mailAllowedTo(email, "password-reset"))) return;
  const url = `${getEnv().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  const mail = composeMail(
    {
      subject: "Reset your password",
      heading: "Reset your password",
      blocks: [
        "Someone asked to reset the password of your account. If it was you, choose a new password with the link below. It works for one hour.",
        { action: { label: "Choose a new password", url } },
        { note: "If you did not ask for this, ignore this e-mail: your password stays the same." },
      ],
    },
    await getBrand(),
  );
  await enqueueMail(db(), { to: email, ...mail, idempotencyKey: `password-reset:${token}` });
  notifyMailEnqueued();
}

/** Past the per-address limit the caller queues nothing (mailAllowedTo): an address can be registered
 * by anyone. Queued inside the deletion's transaction (`executor`); call notifyMailEnqueued() after it commits. */
export async function queueAccountDeletedMail(
  executor: Kysely<Database> | Transaction<Database>,
  email: string,
  userId: string,
  brand: MailBrand,
): Promise<void> {
  const mail = composeMail(
    {
      subject: "Your account has been deleted",
      heading: "Your account has been deleted",
      blocks: [
        "Your client portal account and its profile, projects, support requests and files have been deleted as you asked.",
        { note: "If you did not ask for this, reply to this e-mail straight away." },
      ],
    },
    brand,
  );
  await enqueueMail(executor, { to: email, ...mail, idempotencyKey: `account-deleted:${userId}` });
}

/**
 * Decision 0053: a new passkey signs in without the password, so its owner hears of every one, in
 * case it was not them. Not for an unverified address (decision 0028: it gets no other mail).
 */
export async function queuePasskeyAddedMail(
  user: { id: string; email: string; emailVerified?: boolean },
  passkey: { id: string; name?: string | null },
): Promise<void> {
  if (!user.emailVerified) return;
  const env = getEnv();
  const url = `${env.APP_URL}${accountPathFor(roleForEmail(user.email, companyDomain()))}`;
  const name = passkey.name?.trim() ? `"${passkey.name.trim()}"` : "without a name";
  const mail = composeMail(
    {
      subject: "A passkey was added to your account",
      heading: "A passkey was added to your account",
      blocks: [
        `A passkey ${name} was added to your account. It signs in without your password.`,
        { action: { label: "Review your passkeys", url } },
        { note: "If this was not you, delete the passkey there, change your password and sign out your other sessions straight away." },
      ],
    },
    await getBrand(),
  );
  await enqueueMail(db(), { to: user.email, ...mail, idempotencyKey: `passkey-added:${passkey.id}` });
  notifyMailEnqueued();
}
