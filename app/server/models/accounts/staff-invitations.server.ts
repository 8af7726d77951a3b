import { displayName } from "~/lib/people";
import { getSettings } from "../shared/settings.server";
import { createHash, randomBytes } from "node:crypto";
import { brandIn } from "~/server/brand/brand.server";
import { newId } from "~/lib/ids";
import { isStaffRole, type StaffRole } from "~/lib/staff-roles";
import type { Actor } from "~/server/auth/actor.server";
import { db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { getEnv } from "~/server/env.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { staffInvitationMail } from "~/server/mail/staff-templates.server";
import { recordAudit } from "../shared/audit.server";
import { addStaff, companyAddress } from "./staff.server";
import { Refusal } from "~/lib/refusal";

// Decision 0031: staff are invited, and choose their own password from a
// single-use link that works for 7 days. Only a hash of the link's token is stored.

export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

export interface PendingInvitation {
  id: string;
  email: string;
  name: string;
  staffRole: StaffRole;
  createdAt: number;
  expiresAt: number;
  expired: boolean;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** The link in the mail: the token in the query string, which request logs redact. */
export function invitationUrl(token: string): string {
  return `${getEnv().APP_URL}/staff-invitation?token=${encodeURIComponent(token)}`;
}

async function queueInvitation(
  trx: Trx,
  invitation: { id: string; email: string; name: string; staffRole: StaffRole },
  token: string,
  inviter: Actor,
): Promise<void> {
  const mail = staffInvitationMail(
    {
      name: invitation.name,
      role: invitation.staffRole,
      inviter: displayName(inviter),
      url: invitationUrl(token),
    },
    await brandIn(trx),
  );
  await enqueueMail(trx, { to: invitation.email, ...mail, idempotencyKey: `staff-invitation:${hashToken(token)}` });
}

/** Invites a company address; a pending invitation for the same address is replaced (its link dies). */
export async function inviteStaff(actor: Actor, input: { email: string; name: string; staffRole: StaffRole }): Promise<PendingInvitation> {
  const email = companyAddress(input.email);
  const token = newToken();
  const now = Date.now();
  const invitation = {
    id: newId(),
    email,
    name: input.name.trim(),
    staffRole: input.staffRole,
    createdAt: now,
    expiresAt: now + INVITATION_LIFETIME_MS,
  };
  await writeTransaction(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) throw new Refusal("conflict", `${email} already has an account.`, { field: "email" });
    await trx
      .updateTable("staffInvitations")
      .set({ revokedAt: now })
      .where("email", "=", email)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .execute();
    await trx
      .insertInto("staffInvitations")
      .values({ ...invitation, tokenHash: hashToken(token), invitedBy: actor.id, acceptedAt: null, revokedAt: null })
      .execute();
    await queueInvitation(trx, invitation, token, actor);
    await recordAudit(trx, actor, {
      action: "staff.invite",
      entity: "staff-invitation",
      entityId: invitation.id,
      detail: { email, role: input.staffRole },
    });
  });
  notifyMailEnqueued();
  return { ...invitation, expired: false };
}

/** Invitations neither accepted nor revoked, newest first (expired ones too, to resend). */
export async function listPendingInvitations(now = Date.now()): Promise<PendingInvitation[]> {
  const rows = await db()
    .selectFrom("staffInvitations")
    .select(["id", "email", "name", "staffRole", "createdAt", "expiresAt"])
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((r) => ({
    ...r,
    staffRole: isStaffRole(r.staffRole) ? r.staffRole : "admin",
    createdAt: Number(r.createdAt),
    expiresAt: Number(r.expiresAt),
    expired: Number(r.expiresAt) <= now,
  }));
}

async function pendingIn(trx: Trx, id: string) {
  const row = await trx
    .selectFrom("staffInvitations")
    .selectAll()
    .where("id", "=", id)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (!row) throw new Refusal("gone", "This invitation was already accepted or revoked.");
  return row;
}

/** A new link (the old one stops working) valid for another 7 days. */
export async function resendInvitation(actor: Actor, id: string): Promise<string> {
  const token = newToken();
  const now = Date.now();
  const email = await writeTransaction(async (trx) => {
    const row = await pendingIn(trx, id);
    await trx
      .updateTable("staffInvitations")
      .set({ tokenHash: hashToken(token), expiresAt: now + INVITATION_LIFETIME_MS })
      .where("id", "=", id)
      .execute();
    await queueInvitation(trx, { ...row, staffRole: isStaffRole(row.staffRole) ? row.staffRole : "admin" }, token, actor);
    await recordAudit(trx, actor, {
      action: "staff.invite-resend",
      entity: "staff-invitation",
      entityId: id,
      detail: { email: row.email },
    });
    return row.email;
  });
  notifyMailEnqueued();
  return email;
}

export async function revokeInvitation(actor: Actor, id: string): Promise<string> {
  return writeTransaction(async (trx) => {
    const row = await pendingIn(trx, id);
    await trx.updateTable("staffInvitations").set({ revokedAt: Date.now() }).where("id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: "staff.invite-revoke",
      entity: "staff-invitation",
      entityId: id,
      detail: { email: row.email },
    });
    return row.email;
  });
}

/** The invitation a link names, if it can still be accepted (the GET of the link: spends nothing). */
export async function findUsableInvitation(
  token: string,
  now = Date.now(),
): Promise<{ email: string; name: string; staffRole: StaffRole } | null> {
  if (!token) return null;
  const row = await db()
    .selectFrom("staffInvitations")
    .select(["email", "name", "staffRole", "expiresAt"])
    .where("tokenHash", "=", hashToken(token))
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now || !isStaffRole(row.staffRole)) return null;
  return { email: row.email, name: row.name, staffRole: row.staffRole };
}

/**
 * Accepts an invitation with the password its invitee chose: claims it atomically first (a second
 * post of the same link finds it spent), then creates the account with the invited role. Audited
 * as the inviter's invitation accepted by the new member.
 */
export async function acceptInvitation(token: string, password: string, now = Date.now()): Promise<{ email: string }> {
  const claimed = await writeTransaction(async (trx) => {
    const row = await trx
      .selectFrom("staffInvitations")
      .selectAll()
      .where("tokenHash", "=", hashToken(token))
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
    if (!row) return null;
    const result = await trx
      .updateTable("staffInvitations")
      .set({ acceptedAt: now })
      .where("id", "=", row.id)
      .where("acceptedAt", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? row : null;
  });
  if (!claimed || !isStaffRole(claimed.staffRole)) throw new Refusal("gone", "This invitation link is invalid, used or expired.");
  let member;
  try {
    // Decision 0105: a new delivery member starts limited to their assigned companies, as Settings say.
    const assignedOnly = claimed.staffRole === "delivery" && (await getSettings()).newDeliveryAssignedOnly;
    member = await addStaff(null, claimed.email, password, claimed.name || undefined, claimed.staffRole, { assignedOnly });
  } catch (error) {
    // Nothing was created: the link stays usable (e.g. a refused password at Better Auth).
    await db().updateTable("staffInvitations").set({ acceptedAt: null }).where("id", "=", claimed.id).execute();
    throw error;
  }
  const self = { id: member.id, email: member.email, name: member.name };
  await recordAudit(db(), self, {
    action: "staff.invite-accept",
    entity: "staff-invitation",
    entityId: claimed.id,
    detail: { email: member.email, role: member.staffRole },
  });
  return { email: member.email };
}
