import type { Selectable } from "kysely";
import { newId } from "~/lib/ids";
import { db, type Executor } from "~/server/db/db.server";
import type { CompanyTable } from "~/server/db/schema";
import { recordWebhookEvent } from "../webhooks/webhook-changes.server";
import { companyIn, type CompanyScope } from "../shared/company-scope.server";

// Decision 0032: a client is a company; its members are client users with its
// company_id. Projects and support requests are scoped by company (getProject({ id, companyId })).

export type Company = Selectable<CompanyTable>;

export interface CompanyInput {
  name: string;
  website?: string;
  country?: string;
}

/** Inserts a company inside the caller's transaction (console, lead conversion, a proposal), with its webhook event. */
export async function insertCompany(
  executor: Executor,
  input: CompanyInput & { origin: "self" | "staff" },
  now = Date.now(),
): Promise<Company> {
  const company: Company = {
    id: newId(),
    name: input.name.trim(),
    website: input.website?.trim() ?? "",
    country: input.country?.trim() ?? "",
    origin: input.origin,
    // Staff, a won lead or a sign-up named it: a profile never renames it (decision 0075).
    nameOrigin: "given",
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    mailDecisions: 1,
  };
  await executor.insertInto("companies").values(company).execute();
  await recordWebhookEvent(executor, { type: "company.created", id: company.id }, now);
  return company;
}

/** Staff only (the caller has passed requireStaff): one company within `scope` (decision 0105), or undefined. */
export async function getCompany({ id, scope }: { id: string; scope: CompanyScope }): Promise<Company | undefined> {
  return db()
    .selectFrom("companies")
    .selectAll()
    .where("id", "=", id)
    .where((eb) => companyIn(eb, "id", scope))
    .executeTakeFirst();
}

// Who a client speaks for is part of the session guard: app/server/auth/membership.server.ts.
export { membershipOf, ensureOwnCompany, type Membership } from "~/server/auth/membership.server";
