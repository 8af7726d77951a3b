import { ensureOwnCompany } from "~/server/auth/membership.server";

/**
 * The company a test client works in, as the portal would give it on their first visit
 * (a self-registered client's own company). Tests pass it where models are scoped by company.
 */
export async function companyOf(user: { id: string; name?: string }): Promise<string> {
  return (await ensureOwnCompany({ id: user.id, name: user.name ?? "" })).companyId;
}

/** The scope a member creates portal records with: their company, and themselves as its creator. */
export async function memberScope(user: { id: string; name?: string }): Promise<{ companyId: string; createdBy: string }> {
  return { companyId: await companyOf(user), createdBy: user.id };
}
