import { isCompanyLookalike, roleForEmail } from "~/lib/roles";
import type { Actor } from "~/server/auth/actor.server";
import { signUpStaff } from "~/server/auth/operator-password.server";
import { provisionStaffAccount } from "~/server/auth/staff-identity.server";
import { currentDialect, db } from "~/server/db/db.server";
import { getEnv } from "~/server/env.server";
import { deleteAccountAndData } from "~/server/auth/account-purge.server";
import { recordAudit } from "./audit.server";

export class StaffError extends Error {}

interface StaffMember {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

/**
 * Creates a staff account; only company-domain e-mails (SPEC §5). A colleague adding it is audited;
 * null is the command line (`npm run staff`) or a test.
 */
export async function addStaff(actor: Actor | null, email: string, password: string, name?: string): Promise<StaffMember> {
  const domain = getEnv().COMPANY_DOMAIN;
  const normalized = email.trim().toLowerCase();
  // Lower-casing turns a Kelvin sign into "k": judge the address as typed (issue 15).
  if (roleForEmail(normalized, domain) !== "employee" || isCompanyLookalike(email, domain)) {
    throw new StaffError(`Only @${domain} e-mails can be staff accounts (got ${email}).`);
  }
  const existing = await db().selectFrom("users").select("id").where("email", "=", normalized).executeTakeFirst();
  if (existing) throw new StaffError(`${normalized} already has an account.`);
  let member: StaffMember;
  try {
    // Issue 15: the only way a company-domain user is created (staff-identity.server.ts). The CLI
    // (no actor) keeps the operator's own password, whatever its length (decision 0028).
    const body = { email: normalized, password, name: name ?? normalized.split("@")[0] ?? "" };
    const result = await provisionStaffAccount(() => signUpStaff(body, actor === null));
    // Staff created by an administrator count as verified (needed for Google sign-in too).
    const verified = currentDialect() === "sqlite" ? 1 : true;
    await db().updateTable("users").set({ emailVerified: verified }).where("id", "=", result.user.id).execute();
    member = { id: result.user.id, email: normalized, name: result.user.name, createdAt: new Date().toISOString() };
  } catch (error) {
    throw new StaffError(error instanceof Error ? error.message : String(error));
  }
  // Better Auth writes the account in its own transaction; the audit row follows it.
  if (actor) await recordAudit(db(), actor, { action: "staff.add", entity: "staff", entityId: member.id, detail: { email: member.email } });
  return member;
}

export async function listStaff(): Promise<StaffMember[]> {
  const domain = getEnv().COMPANY_DOMAIN.toLowerCase();
  const rows = await db().selectFrom("users").select(["id", "email", "name", "createdAt"]).orderBy("email").execute();
  return rows
    .filter((u) => roleForEmail(u.email, domain) === "employee")
    .map((u) => ({ ...u, createdAt: new Date(u.createdAt).toISOString() }));
}

export async function removeStaff(email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const user = await db().selectFrom("users").select(["id", "email"]).where("email", "=", normalized).executeTakeFirst();
  if (!user || roleForEmail(user.email, getEnv().COMPANY_DOMAIN) !== "employee") {
    throw new StaffError(`No staff account for ${normalized}.`);
  }
  // One transaction; sign-in accounts go with the user (ON DELETE CASCADE), and any open console
  // stream ends at its next heartbeat (issue 15).
  await deleteAccountAndData(user.id);
}
