import { createHash } from "node:crypto";
import { db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { composeMail } from "~/server/mail/templates.server";
import { getBrand } from "~/server/brand/brand.server";
import { mailAllowedTo } from "~/server/defence/mail-limits.server";

/** Our confirmation page: its GET only shows a "Sign in" button; the POST spends the link. */
export const SIGN_IN_LINK_PATH = "/login/link";

/**
 * Decision 0098: called by the magic-link plugin once magic-link.server.ts has decided the address
 * may have a link. Only an outbox row, like the reset mail; past the per-address limit (the one
 * all stranger-triggered mails share) nothing is queued, and the visitor's answer is the same.
 */
export async function queueSignInLinkMail(email: string, token: string): Promise<void> {
  if (!(await mailAllowedTo(email, "sign-in-link"))) return;
  const url = `${getEnv().APP_URL}${SIGN_IN_LINK_PATH}?token=${encodeURIComponent(token)}`;
  const mail = composeMail(
    {
      subject: "Your sign-in link",
      heading: "Sign in with this link",
      blocks: [
        "Someone asked for a link to sign in to your account. If it was you, open the link below and choose Sign in. It works once, within 15 minutes.",
        { action: { label: "Sign in", url } },
        {
          note: "If you did not ask for this, ignore this e-mail: nobody can sign in without the link, and it stops working on its own.",
        },
      ],
    },
    await getBrand(),
  );
  // The key names the link by its hash: the token itself is only in the mail.
  const key = createHash("sha256").update(token).digest("base64url");
  await enqueueMail(db(), { to: email, ...mail, idempotencyKey: `sign-in-link:${key}` });
  notifyMailEnqueued();
}
