import { brandWithoutDemoDetails } from "~/lib/brand";
import { isCompanyLookalike, roleForEmail } from "~/lib/roles";
import { Refusal } from "~/lib/refusal";
import { signUpStaff } from "~/server/auth/operator-password.server";
import { provisionStaffAccount } from "~/server/auth/staff-identity.server";
import { BRAND_KEY, forgetBrand, MAIL_IDENTITY_KEY } from "~/server/brand/brand.server";
import { COMPANY_DOMAIN_KEY, companyDomainFromEnv, loadCompanyDomain, withCompanyDomain } from "~/server/brand/company-domain.server";
import { currentDialect, db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { events } from "~/server/events/bus.server";
import { logger } from "~/server/logger.server";
import { recordAudit } from "../shared/audit.server";
import { putSetting } from "../shared/setting-rows.server";
import { isSetupDone } from "~/server/auth/setup-state.server";
import { matchSetupCode, spendSetupCode } from "../site/setup-code.server";

// First-run setup's one write (decision "first-run setup"). Better Auth makes the account in its
// own transaction, as for `npm run staff -- add`; everything else — the admin role, the brand
// name (the demo agency's contact details go with its name), the mail identity, the company
// domain, the audit row and spending the code — commits in one transaction after it, which also
// checks that nobody else finished setup meanwhile. If that transaction fails, the account just
// made is removed again, so a refused setup leaves nothing.

export const SETUP_DONE = "Setup is already done. Sign in at the staff login.";
export const WRONG_SETUP_CODE = "This setup code is not right. Copy it from the server log (the line that names /setup).";

export interface SetupInput {
  code: string;
  agencyName: string;
  companyDomain: string;
  name: string;
  email: string;
  password: string;
  leadsInbox?: string | undefined;
  applicationsInbox?: string | undefined;
}

/** The domain setup will save: COMPANY_DOMAIN when the operator fixed it, else the one typed. */
export function setupDomain(typed: string): string {
  return companyDomainFromEnv() ?? typed.trim().toLowerCase();
}

/** Merges `patch` into the JSON setting `key` (what is stored stays unless replaced; `underneath` fills what is not stored). */
async function mergeSetting(
  trx: Trx,
  key: string,
  patch: Record<string, unknown>,
  by: string,
  now: number,
  underneath: Record<string, unknown> = {},
): Promise<void> {
  const row = await trx.selectFrom("appSettings").select("value").where("key", "=", key).executeTakeFirst();
  let current: Record<string, unknown> = {};
  try {
    const parsed: unknown = row ? JSON.parse(row.value) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) current = parsed as Record<string, unknown>;
  } catch {
    // An unreadable row is replaced: brand.server.ts would have used the defaults for it anyway.
  }
  await putSetting(trx, key, JSON.stringify({ ...underneath, ...current, ...patch }), by, now);
}

/**
 * Creates the first admin and saves the agency's name, domain and inboxes; spends the setup code.
 * Refusals: not-found (setup already done), invalid (wrong code, e-mail outside the domain),
 * conflict (someone finished setup meanwhile, or the address has an account).
 */
export async function completeSetup(input: SetupInput, now = Date.now()): Promise<{ email: string; userId: string }> {
  if (await isSetupDone()) throw new Refusal("not-found", SETUP_DONE);
  const storedCode = await matchSetupCode(db(), input.code);
  if (!storedCode) throw new Refusal("invalid", WRONG_SETUP_CODE, { field: "code" });
  const domain = setupDomain(input.companyDomain);
  const email = input.email.trim().toLowerCase();
  if (roleForEmail(input.email, domain) !== "employee" || isCompanyLookalike(input.email, domain)) {
    throw new Refusal("invalid", `Use an address at @${domain}, the company domain: staff sign in with it.`, { field: "email" });
  }
  const name = input.name.trim();
  // Better Auth's hooks judge the address by the company domain, which is not saved yet.
  const created = await withCompanyDomain(domain, () =>
    provisionStaffAccount(() => signUpStaff({ email, password: input.password, name }, false)),
  ).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    throw new Refusal(/exist/i.test(message) ? "conflict" : "invalid", message, { field: "email" });
  });
  const userId = created.user.id;
  const admin = { id: userId, email, name };
  try {
    await writeTransaction(async (trx) => {
      if (!(await spendSetupCode(trx, storedCode))) throw new Refusal("conflict", SETUP_DONE);
      // Staff made meanwhile by the CLI or an invitation have their role by now; an account a
      // simultaneous setup just made has none yet, and that setup fails on the spent code.
      const others = await trx
        .selectFrom("users")
        .select("id")
        .where("role", "=", "employee")
        .where("staffRole", "is not", null)
        .where("id", "!=", userId)
        .limit(1)
        .execute();
      if (others.length > 0) throw new Refusal("conflict", SETUP_DONE);
      const verified = currentDialect() === "sqlite" ? 1 : true;
      await trx.updateTable("users").set({ emailVerified: verified, staffRole: "admin", name }).where("id", "=", userId).execute();
      // Sign-up opened a session nobody holds; the route signs the admin in properly.
      await trx.deleteFrom("sessions").where("userId", "=", userId).execute();
      const agency = input.agencyName.trim();
      const names = { name: agency, shortName: agency, legalName: agency };
      await mergeSetting(trx, BRAND_KEY, names, userId, now, brandWithoutDemoDetails(domain));
      await mergeSetting(
        trx,
        MAIL_IDENTITY_KEY,
        { senderName: agency, leadsInbox: input.leadsInbox?.trim() || null, applicationsInbox: input.applicationsInbox?.trim() || null },
        userId,
        now,
      );
      await putSetting(trx, COMPANY_DOMAIN_KEY, domain, userId, now);
      await recordAudit(
        trx,
        admin,
        {
          action: "setup.complete",
          entity: "site",
          entityId: "setup",
          detail: {
            email,
            agencyName: agency,
            companyDomain: domain,
            leadsInbox: input.leadsInbox?.trim() || null,
            applicationsInbox: input.applicationsInbox?.trim() || null,
          },
        },
        now,
      );
    });
  } catch (error) {
    // Nothing of setup stays: the account goes with its sign-in rows (ON DELETE CASCADE).
    await db()
      .deleteFrom("users")
      .where("id", "=", userId)
      .execute()
      .catch((cleanup: unknown) => logger.error({ err: cleanup, userId }, "first-run setup: removing the half-made admin failed"));
    throw error;
  }
  // This instance at once (the sign-in that follows judges the address by the new domain), then
  // every instance and every cached page through the bus.
  forgetBrand();
  await loadCompanyDomain();
  events().publish({ type: "site.changed" });
  logger.info({ email, companyDomain: domain }, "first-run setup done");
  return { email, userId };
}
