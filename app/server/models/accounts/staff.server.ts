import { isCompanyLookalike, roleForEmail } from "~/lib/roles";
import type { StaffMember } from "~/lib/members";
import type { StaffRole } from "~/lib/staff-roles";
import type { Actor } from "~/server/auth/actor.server";
import { signUpStaff } from "~/server/auth/operator-password.server";
import { provisionStaffAccount } from "~/server/auth/staff-identity.server";
import { staffRoleOf } from "~/server/auth/staff-access.server";
import { currentDialect, db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { deleteAccountAndData } from "~/server/models/privacy/account-purge.server";
import { recordAudit } from "../shared/audit.server";
import { Refusal } from "~/lib/refusal";
import { companyDomain } from "~/server/brand/company-domain.server";

/** Throws unless `email` is a plain company address (SPEC §5); returns it lower-cased. */
export function companyAddress(email: string): string {
  const domain = companyDomain();
  const normalized = email.trim().toLowerCase();
  // Lower-casing turns a Kelvin sign into "k": judge the address as typed.
  if (roleForEmail(normalized, domain) !== "employee" || isCompanyLookalike(email, domain)) {
    throw new Refusal("invalid", `Only @${domain} e-mails can be staff accounts (got ${email}).`, { field: "email" });
  }
  return normalized;
}

async function hasAnyStaff(): Promise<boolean> {
  const row = await db().selectFrom("users").select("id").where("role", "=", "employee").limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates a staff account with a role (decision 0031); only company-domain e-mails (SPEC §5). The
 * very first staff account is always an admin, so somebody can run the console. A colleague adding
 * it is audited; null is the command line (`npm run staff`), an accepted invitation, or a test.
 */
export async function addStaff(
  actor: Actor | null,
  email: string,
  password: string,
  name?: string,
  staffRole: StaffRole = "admin",
  { assignedOnly = false }: { assignedOnly?: boolean } = {},
): Promise<StaffMember> {
  const normalized = companyAddress(email);
  const existing = await db().selectFrom("users").select("id").where("email", "=", normalized).executeTakeFirst();
  if (existing) throw new Refusal("conflict", `${normalized} already has an account.`, { field: "email" });
  const role: StaffRole = (await hasAnyStaff()) ? staffRole : "admin";
  // An admin may lift their own limit, so one is never limited (decision 0105).
  const limited = assignedOnly && role !== "admin";
  let member: StaffMember;
  try {
    // The only way a company-domain user is created (staff-identity.server.ts). The CLI
    // (no actor) keeps the operator's own password, whatever its length (decision 0028).
    const body = { email: normalized, password, name: name ?? "" };
    const result = await provisionStaffAccount(() => signUpStaff(body, actor === null));
    // Staff created by an administrator count as verified (needed for Google sign-in too).
    const verified = currentDialect() === "sqlite" ? 1 : true;
    await db()
      .updateTable("users")
      .set({ emailVerified: verified, staffRole: role, assignedOnly: limited ? 1 : 0 })
      .where("id", "=", result.user.id)
      .execute();
    // Sign-up opened a session nobody holds: staff sign in themselves.
    await db().deleteFrom("sessions").where("userId", "=", result.user.id).execute();
    member = {
      id: result.user.id,
      email: normalized,
      name: result.user.name,
      createdAt: new Date().toISOString(),
      staffRole: role,
      disabledAt: null,
      assignedOnly: limited,
    };
  } catch (error) {
    throw new Refusal("invalid", error instanceof Error ? error.message : String(error));
  }
  // Better Auth writes the account in its own transaction; the audit row follows it.
  if (actor)
    await recordAudit(db(), actor, { action: "staff.add", entity: "staff", entityId: member.id, detail: { email: member.email, role } });
  return member;
}

export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "email", "name", "createdAt", "staffRole", "staffDisabledAt", "assignedOnly"])
    .where("role", "=", "employee")
    .orderBy("email")
    .execute();
  const domain = companyDomain();
  return rows
    .filter((u) => roleForEmail(u.email, domain) === "employee")
    .map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      createdAt: new Date(u.createdAt).toISOString(),
      staffRole: staffRoleOf(u),
      disabledAt: u.staffDisabledAt === null ? null : Number(u.staffDisabledAt),
      assignedOnly: Number(u.assignedOnly) === 1,
    }));
}

async function memberIn(trx: Trx, where: { id: string } | { email: string }) {
  const query = trx.selectFrom("users").select(["id", "email", "role", "staffRole", "staffDisabledAt"]);
  const row = await (
    "id" in where ? query.where("id", "=", where.id) : query.where("email", "=", where.email.trim().toLowerCase())
  ).executeTakeFirst();
  if (!row || row.role !== "employee" || roleForEmail(row.email, companyDomain()) !== "employee") {
    throw new Refusal("not-found", `No staff account for ${"id" in where ? "that id" : where.email.trim().toLowerCase()}.`);
  }
  return row;
}

const activeAdmin = (row: { staffRole: string | null; staffDisabledAt: number | null }) =>
  row.staffRole === "admin" && row.staffDisabledAt === null;

/** Refuses a change that would leave the console with no active admin (decision 0031). */
async function keepAnAdmin(trx: Trx, target: { id: string; staffRole: string | null; staffDisabledAt: number | null }): Promise<void> {
  if (!activeAdmin(target)) return;
  const other = await trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "employee")
    .where("staffRole", "=", "admin")
    .where("staffDisabledAt", "is", null)
    .where("id", "!=", target.id)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new Refusal("conflict", "This is the last active admin: make someone else an admin first.");
}

/**
 * Ends a staff member's access now: their sessions are deleted, and every instance closes their open
 * console streams on this event (events-console.ts) rather than at the next heartbeat.
 */
function announceAccessChanged(userId: string): void {
  events().publish({ type: "staff.access-changed", userId });
}

export async function setStaffRole(actor: Actor, userId: string, staffRole: StaffRole): Promise<void> {
  await writeTransaction(async (trx) => {
    const member = await memberIn(trx, { id: userId });
    if (member.staffRole === staffRole) return;
    if (staffRole !== "admin") await keepAnAdmin(trx, member);
    await trx.updateTable("users").set({ staffRole }).where("id", "=", userId).execute();
    await recordAudit(trx, actor, {
      action: "staff.role",
      entity: "staff",
      entityId: userId,
      detail: { email: member.email, from: member.staffRole, to: staffRole },
    });
  });
  // Their open streams were filtered by the old role: they reconnect with the new one.
  announceAccessChanged(userId);
}

/**
 * Nobody disables or removes their own account from the console: one slip would lock them out
 * mid-task. Another admin can; the command line (no actor) still may.
 */
function notYourself(actor: Actor | null, userId: string, doing: "disable" | "remove"): void {
  if (actor && actor.id === userId) throw new Refusal("refused", `You cannot ${doing} your own account. Ask another admin to do it.`);
}

/**
 * "Limited to assigned companies" (decision 0105): on, the member sees only the companies they
 * manage or are on the team of, everywhere in the console. Admins only change it; an admin is
 * never limited (they could lift it themselves). Their open streams reconnect with the new scope.
 */
export async function setAssignedOnly(actor: Actor, userId: string, on: boolean): Promise<"changed" | "unchanged"> {
  const changed = await writeTransaction(async (trx) => {
    const member = await memberIn(trx, { id: userId });
    if (on && member.staffRole === "admin") throw new Refusal("conflict", "An admin sees every company: change their role first.");
    const row = await trx.selectFrom("users").select("assignedOnly").where("id", "=", userId).executeTakeFirstOrThrow();
    if ((Number(row.assignedOnly) === 1) === on) return false;
    await trx
      .updateTable("users")
      .set({ assignedOnly: on ? 1 : 0 })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, actor, {
      action: "staff.assigned-only",
      entity: "staff",
      entityId: userId,
      detail: { email: member.email, from: !on, to: on },
    });
    return true;
  });
  if (!changed) return "unchanged";
  announceAccessChanged(userId);
  return "changed";
}

export async function disableStaff(actor: Actor, userId: string): Promise<void> {
  notYourself(actor, userId, "disable");
  await writeTransaction(async (trx) => {
    const member = await memberIn(trx, { id: userId });
    if (member.staffDisabledAt !== null) return;
    await keepAnAdmin(trx, member);
    await trx.updateTable("users").set({ staffDisabledAt: Date.now() }).where("id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
    await recordAudit(trx, actor, { action: "staff.disable", entity: "staff", entityId: userId, detail: { email: member.email } });
  });
  announceAccessChanged(userId);
}

export async function enableStaff(actor: Actor, userId: string): Promise<void> {
  await writeTransaction(async (trx) => {
    const member = await memberIn(trx, { id: userId });
    if (member.staffDisabledAt === null) return;
    await trx.updateTable("users").set({ staffDisabledAt: null }).where("id", "=", userId).execute();
    await recordAudit(trx, actor, { action: "staff.enable", entity: "staff", entityId: userId, detail: { email: member.email } });
  });
}

/**
 * Removes a staff account (console: audited with the actor; CLI: null). The console keeps an
 * active admin; the operator at the command line may remove anyone (and can add an admin again).
 */
export async function removeStaffMember(actor: Actor | null, where: { id: string } | { email: string }): Promise<void> {
  const member = await writeTransaction(async (trx) => {
    const row = await memberIn(trx, where);
    notYourself(actor, row.id, "remove");
    if (actor) await keepAnAdmin(trx, row);
    return row;
  });
  // One transaction; sign-in accounts go with the user (ON DELETE CASCADE).
  await deleteAccountAndData(member.id, {
    then: async (trx) => {
      if (actor)
        await recordAudit(trx, actor, { action: "staff.remove", entity: "staff", entityId: member.id, detail: { email: member.email } });
    },
  });
  announceAccessChanged(member.id);
}

/** `npm run staff -- remove <email>`. */
export async function removeStaff(email: string): Promise<void> {
  await removeStaffMember(null, { email });
}

/** `npm run staff -- role <email> <role>`: the operator, so not audited (like add). */
export async function setStaffRoleByEmail(email: string, staffRole: StaffRole): Promise<void> {
  await writeTransaction(async (trx) => {
    const member = await memberIn(trx, { email });
    if (staffRole !== "admin") await keepAnAdmin(trx, member);
    await trx.updateTable("users").set({ staffRole }).where("id", "=", member.id).execute();
  });
}
