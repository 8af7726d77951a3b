import { auth } from "~/server/auth/auth.server";
import { db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { recordAudit } from "../shared/audit.server";
import { notifyInvitationAccepted } from "../notifications/events.server";
import { publishNotified } from "../notifications/notifications.server";
import { dbFlag, hashInvitationToken, whileAcceptingInvitation } from "./client-invitations.server";
import { Refusal } from "~/lib/refusal";

// Decision 0034: accepting a client invitation, with a password or a Google
// identity. The claim is atomic (acceptedAt set only where it was null), so a double submit or two
// instances accepting at once make one account.

/** The link is unknown, used, revoked, expired, or its company closed. */

interface Claimed {
  id: string;
  companyId: string;
  email: string;
  name: string;
  clientAdmin: boolean;
  invitedBy: string;
}

async function claim(token: string, now: number): Promise<Claimed> {
  const claimed = await writeTransaction(async (trx) => {
    const row = await trx
      .selectFrom("clientInvitations as i")
      .innerJoin("companies as c", "c.id", "i.companyId")
      .select(["i.id", "i.companyId", "i.email", "i.name", "i.clientAdmin", "i.invitedBy"])
      .where("i.tokenHash", "=", hashInvitationToken(token))
      .where("i.acceptedAt", "is", null)
      .where("i.revokedAt", "is", null)
      .where("i.expiresAt", ">", now)
      .where("c.closedAt", "is", null)
      .executeTakeFirst();
    if (!row) return null;
    const result = await trx
      .updateTable("clientInvitations")
      .set({ acceptedAt: now })
      .where("id", "=", row.id)
      .where("acceptedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { ...row, clientAdmin: Boolean(row.clientAdmin) } : null;
  });
  if (!claimed) throw new Refusal("gone", "This invitation link is invalid, used or expired.");
  return claimed;
}

/** Gives the link back (nothing was made): e.g. Better Auth refused the password. */
async function unclaim(id: string): Promise<void> {
  await db().updateTable("clientInvitations").set({ acceptedAt: null }).where("id", "=", id).execute();
}

const verified = () => dbFlag(true);

/**
 * Makes the invitee's client account with the password they chose: a member of the invitation's
 * company, client admin as invited, its address verified (the link proved it). The caller signs
 * them in. Audited as the new member accepting.
 */
export async function acceptClientInvitation(
  token: string,
  password: string,
  now = Date.now(),
): Promise<{ email: string; companyId: string }> {
  const invitation = await claim(token, now);
  const taken = await db().selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst();
  if (taken) {
    await unclaim(invitation.id);
    throw new Refusal("conflict", `${invitation.email} already has an account: sign in with it instead.`);
  }
  let userId: string;
  try {
    const body = { email: invitation.email, password, name: invitation.name };
    const created = await whileAcceptingInvitation(invitation.email, async () => (await auth()).api.signUpEmail({ body }));
    userId = created.user.id;
  } catch (error) {
    await unclaim(invitation.id);
    throw error;
  }
  let notified: string[] = [];
  try {
    notified = await writeTransaction(async (trx) => {
      await trx
        .updateTable("users")
        .set({ companyId: invitation.companyId, clientAdmin: dbFlag(invitation.clientAdmin), emailVerified: verified() })
        .where("id", "=", userId)
        .execute();
      // Sign-up opened a session nobody holds; the route signs the invitee in properly.
      await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
      // Sign-up queues a verification mail; this address needs none.
      await trx
        .deleteFrom("mailOutbox")
        .where("toAddress", "=", invitation.email)
        .where("status", "=", "pending")
        .where("idempotencyKey", "like", "email-verification:%")
        .execute();
      const self = { id: userId, email: invitation.email, name: invitation.name };
      await recordAudit(
        trx,
        self,
        {
          action: "client.invite-accept",
          entity: "company",
          entityId: invitation.companyId,
          detail: { email: invitation.email, invitationId: invitation.id, method: "password" },
        },
        now,
      );
      return notifyInvitationAccepted(trx, invitation, userId, now);
    });
  } catch (error) {
    await db().deleteFrom("users").where("id", "=", userId).execute();
    await unclaim(invitation.id);
    throw error;
  }
  publishNotified(notified);
  notifyMailEnqueued();
  return { email: invitation.email, companyId: invitation.companyId };
}

/**
 * Binds the account Google just signed in to the invitation's company. Google must vouch for the
 * very address invited; an account that already belongs to a company is refused.
 */
export async function acceptClientInvitationWithGoogle(
  token: string,
  user: { id: string; email: string; emailVerified: boolean },
  now = Date.now(),
): Promise<{ companyId: string }> {
  const invitation = await claim(token, now);
  try {
    const { notified, ...joined } = await writeTransaction(async (trx) => {
      if (!user.emailVerified || user.email.toLowerCase() !== invitation.email) {
        throw new Refusal(
          "conflict",
          `This invitation is for ${invitation.email}, but Google signed you in as ${user.email}. Continue with the Google account of ${invitation.email}, or choose a password instead.`,
        );
      }
      const row = await trx.selectFrom("users").select(["role", "companyId"]).where("id", "=", user.id).executeTakeFirst();
      if (!row || row.role !== "client") throw new Refusal("conflict", "This account cannot join a client company.");
      if (row.companyId !== null && row.companyId !== invitation.companyId)
        throw new Refusal("conflict", `${invitation.email} already has an account with another company.`);
      await trx
        .updateTable("users")
        .set({ companyId: invitation.companyId, clientAdmin: dbFlag(invitation.clientAdmin), emailVerified: verified() })
        .where("id", "=", user.id)
        .execute();
      const self = { id: user.id, email: invitation.email, name: invitation.name };
      await recordAudit(
        trx,
        self,
        {
          action: "client.invite-accept",
          entity: "company",
          entityId: invitation.companyId,
          detail: { email: invitation.email, invitationId: invitation.id, method: "google" },
        },
        now,
      );
      return { companyId: invitation.companyId, notified: await notifyInvitationAccepted(trx, invitation, user.id, now) };
    });
    publishNotified(notified);
    notifyMailEnqueued();
    return joined;
  } catch (error) {
    await unclaim(invitation.id);
    throw error;
  }
}
