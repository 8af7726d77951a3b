import { createHash, randomBytes } from "node:crypto";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";
import { brandIn } from "~/server/brand/brand.server";
import { newId } from "~/lib/ids";
import type { PendingClientInvitation } from "~/lib/members";
import { looksLikeCompanyEmail } from "~/lib/roles";
import { actorName, type Actor } from "~/server/auth/actor.server";
import { currentDialect, db, type Executor } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { giveBackInvitationTo, invitationAllowedTo } from "~/server/defence/mail-limits.server";
import { getEnv } from "~/server/env.server";
import { clientInvitationMail } from "~/server/mail/client-templates.server";
import { enqueueMail, notifyMailEnqueued } from "~/server/mail/outbox.server";
import { recordAudit } from "../shared/audit.server";
import { Refusal } from "~/lib/refusal";
import { companyDomain } from "~/server/brand/company-domain.server";

// Decision 0034: people join a company by invitation, modelled on staff
// invitations (decision 0031): a single-use link for 7 days; only a hash of its token is stored.

export const CLIENT_INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

/** An identical invitation within this long is a double submit, not a new invitation. */
const DOUBLE_SUBMIT_MS = 30_000;

/** A refusal the inviter can act on, shown in place (409/400); nothing was changed. */

/** Past the per-address limits (decision 0055); says nothing of who else mailed the address. */
export const TOO_MANY_MAILS_TO_ADDRESS =
  "We have sent this address several e-mails recently, so we won't send another yet. Please try again later.";

/** A boolean column's value: SQLite stores 0/1 and its driver binds no booleans. */
export const dbFlag = (value: boolean): boolean | number => (currentDialect() === "sqlite" ? (value ? 1 : 0) : value);

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** The link in the mail: the token in the query string, which request logs redact. */
export function clientInvitationUrl(token: string): string {
  return `${getEnv().APP_URL}/invitation?token=${encodeURIComponent(token)}`;
}

/** What the mail needs, ready to queue in the caller's transaction (the lead conversion's). */
export interface QueuedInvitation {
  invitation: PendingClientInvitation;
  token: string;
}

/**
 * The mail goes to a third party, so it carries nothing a client typed (decision 0055): not the
 * invitee's name, not a client's own name, not a company name a client chose. It names the staff
 * member who invited, and the company when staff named it (`origin` "staff"); the link's page
 * shows the rest, on our site.
 */
async function queueMail(
  executor: Executor,
  invitation: { email: string },
  company: { name: string; origin: string },
  token: string,
  inviter: Actor,
): Promise<void> {
  const person = await executor.selectFrom("users").select("role").where("id", "=", inviter.id).executeTakeFirst();
  const mail = clientInvitationMail(
    {
      company: company.origin === "staff" ? company.name : null,
      inviter: person?.role === "employee" ? actorName(inviter) : null,
      url: clientInvitationUrl(token),
    },
    await brandIn(executor),
  );
  await enqueueMail(executor, { to: invitation.email, ...mail, idempotencyKey: `client-invitation:${hashInvitationToken(token)}` });
}

/** Runs `write` when the address may get one more invitation mail; a refusal gives the count back. */
async function withinAddressLimits<T>(email: string, write: () => Promise<T>): Promise<T> {
  if (!(await invitationAllowedTo(email))) throw new Refusal("conflict", TOO_MANY_MAILS_TO_ADDRESS, { field: "email" });
  try {
    return await write();
  } catch (error) {
    await giveBackInvitationTo(email);
    throw error;
  }
}

/** Lower-cased; refused when it is (or passes for) a company address: staff are never clients. */
export function clientAddress(email: string): string {
  if (looksLikeCompanyEmail(email, companyDomain())) {
    throw new Refusal("conflict", `${email.trim()} is one of our own addresses: staff cannot be invited as clients.`, { field: "email" });
  }
  return email.trim().toLowerCase();
}

async function openCompany(executor: Executor, companyId: string) {
  const company = await executor
    .selectFrom("companies")
    .select(["id", "name", "origin", "closedAt"])
    .where("id", "=", companyId)
    .executeTakeFirst();
  if (!company) throw new Refusal("conflict", "This company does not exist.", { field: "companyId" });
  if (company.closedAt !== null)
    throw new Refusal("conflict", `${company.name} is closed: reopen it before inviting anyone.`, { field: "companyId" });
  return company;
}

/**
 * Writes an invitation (and its mail, and the audit row) inside the caller's transaction; a pending
 * invitation to the same address in the same company is replaced (its link dies). Call
 * `notifyMailEnqueued()` after the commit.
 */
export async function insertClientInvitation(
  trx: Executor,
  actor: Actor,
  input: { companyId: string; name: string; email: string; clientAdmin: boolean },
  now = Date.now(),
): Promise<QueuedInvitation> {
  const email = clientAddress(input.email);
  const company = await openCompany(trx, input.companyId);
  const existing = await trx.selectFrom("users").select(["companyId"]).where("email", "=", email).executeTakeFirst();
  if (existing?.companyId === company.id)
    throw new Refusal("conflict", `${email} is already a member of ${company.name}.`, { field: "email" });
  if (existing) throw new Refusal("conflict", `${email} already has an account with another company.`, { field: "email" });
  await trx
    .updateTable("clientInvitations")
    .set({ revokedAt: now })
    .where("companyId", "=", company.id)
    .where("email", "=", email)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
  const token = newToken();
  const invitation = {
    id: newId(),
    companyId: company.id,
    email,
    name: input.name.trim(),
    clientAdmin: input.clientAdmin,
    createdAt: now,
    expiresAt: now + CLIENT_INVITATION_LIFETIME_MS,
  };
  await trx
    .insertInto("clientInvitations")
    .values({
      ...invitation,
      clientAdmin: dbFlag(invitation.clientAdmin),
      tokenHash: hashInvitationToken(token),
      invitedBy: actor.id,
      acceptedAt: null,
      revokedAt: null,
    })
    .execute();
  await queueMail(trx, invitation, company, token, actor);
  await recordAudit(
    trx,
    actor,
    {
      action: "client.invite",
      entity: "company",
      entityId: company.id,
      detail: { email, invitationId: invitation.id, clientAdmin: input.clientAdmin },
    },
    now,
  );
  return { invitation: { ...invitation, expired: false }, token };
}

/** Staff (clients area), or a client admin of that company (the route checks which). */
export async function inviteClient(
  actor: Actor,
  input: { companyId: string; name: string; email: string; clientAdmin: boolean },
  now = Date.now(),
): Promise<PendingClientInvitation> {
  // A double submit finds the invitation it just made: the same one, and no second mail.
  const repeat = (await listPendingClientInvitations({ companyId: input.companyId }, now)).find(
    (i) =>
      i.email === input.email.trim().toLowerCase() &&
      i.clientAdmin === input.clientAdmin &&
      i.name === input.name.trim() &&
      now - i.createdAt < DOUBLE_SUBMIT_MS,
  );
  if (repeat) return repeat;
  const email = clientAddress(input.email);
  const { invitation } = await withinAddressLimits(email, () => writeTransaction((trx) => insertClientInvitation(trx, actor, input, now)));
  notifyMailEnqueued();
  return invitation;
}

/** A company's invitations neither accepted nor revoked, newest first (expired ones too, to resend). */
export async function listPendingClientInvitations(
  { companyId }: { companyId: string },
  now = Date.now(),
): Promise<PendingClientInvitation[]> {
  const rows = await db()
    .selectFrom("clientInvitations")
    .select(["id", "companyId", "email", "name", "clientAdmin", "createdAt", "expiresAt"])
    .where("companyId", "=", companyId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .orderBy("createdAt", "desc")
    .execute();
  return rows.map((r) => ({
    ...r,
    clientAdmin: Boolean(r.clientAdmin),
    createdAt: Number(r.createdAt),
    expiresAt: Number(r.expiresAt),
    expired: Number(r.expiresAt) <= now,
  }));
}

/** The invitation in scope while it waits: refused as not found, or as gone once accepted or revoked. */
async function pendingIn(trx: Executor, scope: { id: string; companyId?: string }) {
  let query = trx.selectFrom("clientInvitations").selectAll().where("id", "=", scope.id);
  if (scope.companyId !== undefined) query = query.where("companyId", "=", scope.companyId);
  const row = await query.executeTakeFirst();
  if (!row) throw new Refusal("not-found", "This invitation does not exist.");
  if (row.acceptedAt !== null || row.revokedAt !== null) throw new Refusal("gone", "This invitation was already accepted or revoked.");
  return row;
}

/**
 * A new link (the old one stops working), valid for another 7 days. `companyId` scopes the lookup
 * for a client admin; staff pass none. Returns the invitation's company and address; one that does
 * not exist (in that scope) is refused as not found.
 */
export async function resendClientInvitation(
  actor: Actor,
  scope: { id: string; companyId?: string },
): Promise<{ companyId: string; email: string }> {
  const token = newToken();
  const now = Date.now();
  // Read first: the limits are counted outside the write (on SQLite the counters share its connection).
  const found = await pendingIn(db(), scope);
  const done = await withinAddressLimits(found.email, () =>
    writeTransaction(async (trx) => {
      const row = await pendingIn(trx, scope);
      const company = await openCompany(trx, row.companyId);
      await trx
        .updateTable("clientInvitations")
        .set({ tokenHash: hashInvitationToken(token), expiresAt: now + CLIENT_INVITATION_LIFETIME_MS })
        .where("id", "=", row.id)
        .execute();
      await queueMail(trx, row, company, token, actor);
      await recordAudit(
        trx,
        actor,
        { action: "client.invite-resend", entity: "company", entityId: row.companyId, detail: { email: row.email, invitationId: row.id } },
        now,
      );
      return { companyId: row.companyId, email: row.email };
    }),
  );
  notifyMailEnqueued();
  return done;
}

/** Revokes a pending invitation; refused as not found (in that scope) or gone (accepted or revoked already). */
export async function revokeClientInvitation(
  actor: Actor,
  scope: { id: string; companyId?: string },
): Promise<{ companyId: string; email: string }> {
  return writeTransaction(async (trx) => {
    const row = await pendingIn(trx, scope);
    await trx.updateTable("clientInvitations").set({ revokedAt: Date.now() }).where("id", "=", row.id).execute();
    await recordAudit(trx, actor, {
      action: "client.invite-revoke",
      entity: "company",
      entityId: row.companyId,
      detail: { email: row.email, invitationId: row.id },
    });
    return { companyId: row.companyId, email: row.email };
  });
}

export type InvitationState = "valid" | "expired" | "revoked" | "used" | "unknown";

export interface InvitationLookup {
  state: InvitationState;
  /** Only for a valid link: who is invited, to which company, by whom. */
  invitation?: { id: string; email: string; name: string; companyId: string; companyName: string; inviter: string; clientAdmin: boolean };
  /** For a used link: the address it made an account for (a double submit signs in there). */
  email?: string;
}

/** What a link names (the GET of the link: spends nothing, so mail scanners cannot). */
export async function lookUpClientInvitation(token: string, now = Date.now()): Promise<InvitationLookup> {
  if (!token) return { state: "unknown" };
  const row = await db()
    .selectFrom("clientInvitations as i")
    .innerJoin("companies as c", "c.id", "i.companyId")
    .leftJoin("users as u", "u.id", "i.invitedBy")
    .select([
      "i.id",
      "i.email",
      "i.name",
      "i.companyId",
      "i.clientAdmin",
      "i.expiresAt",
      "i.acceptedAt",
      "i.revokedAt",
      "c.name as companyName",
      "c.closedAt",
      "u.name as inviterName",
      "u.email as inviterEmail",
    ])
    .where("i.tokenHash", "=", hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  if (row.acceptedAt !== null) return { state: "used", email: row.email };
  // A closed company's invitations die with it.
  if (row.revokedAt !== null || row.closedAt !== null) return { state: "revoked" };
  if (Number(row.expiresAt) <= now) return { state: "expired" };
  const inviter = row.inviterName?.trim() || row.inviterEmail || "Our team";
  return {
    state: "valid",
    invitation: {
      id: row.id,
      email: row.email,
      name: row.name,
      companyId: row.companyId,
      companyName: row.companyName,
      inviter,
      clientAdmin: Boolean(row.clientAdmin),
    },
  };
}

// The gate Better Auth's user-create hook asks lives in the auth layer (auth may not import models).
export { acceptingClientInvitation, hasPendingClientInvitation, whileAcceptingInvitation } from "~/server/auth/invitation-gate.server";

/** Staff only: the company an invitation belongs to (accepted and revoked ones too), or undefined. */
export async function companyOfClientInvitation({ id, scope }: { id: string; scope: CompanyScope }): Promise<string | undefined> {
  const row = await db()
    .selectFrom("clientInvitations")
    .select("companyId")
    .where("id", "=", id)
    .where((eb) => companyIn(eb, "companyId", scope))
    .executeTakeFirst();
  return row?.companyId;
}
