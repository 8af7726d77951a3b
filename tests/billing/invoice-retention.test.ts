import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/server/db/db.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { erase } from "~/server/models/privacy/erasure.server";
import { signUp } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Issue 29, part 8: invoices are kept for the legal period even when their client is erased; the
// person leaves the invoice's contact field, the invoice's legal content stays.

describe.each(testDatabases("invoice retention"))("Invoices outlive their client's erasure on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("Erasing a company deletes its drafts but keeps its issued invoice, whole, on an erased and closed company row", async () => {
    const email = `kim-${database.name}@kestrel.example`;
    const companyId = await companyOf(await signUp(email, "Kim Kestrel"));
    const issued = await createInvoiceDraft(FINANCE, companyId, draftInput({ billingEmail: email }));
    await issueInvoice(FINANCE, issued.id, issued.version);
    const draft = await createInvoiceDraft(FINANCE, companyId, draftInput());

    await erase(FINANCE, { kind: "company", id: companyId }, "delete");

    const invoices = await db().selectFrom("invoices").selectAll().where("companyId", "=", companyId).execute();
    expect(invoices.map((i) => i.id)).toEqual([issued.id]);
    expect(invoices[0]).toMatchObject({ billingName: "Kestrel GmbH", clientTaxId: "DE123456789", billingEmail: "" });
    expect(await db().selectFrom("invoiceLines").select("id").where("invoiceId", "=", issued.id).execute()).toHaveLength(2);
    expect(await db().selectFrom("invoiceLines").select("id").where("invoiceId", "=", draft.id).execute()).toHaveLength(0);
    const company = await db().selectFrom("companies").select(["name", "closedAt"]).where("id", "=", companyId).executeTakeFirst();
    expect(company?.name).toBe("Erased");
    expect(company?.closedAt).not.toBeNull();
    expect(await db().selectFrom("users").select("id").where("email", "=", email).execute()).toHaveLength(0);
  });

  test("A company with only drafts is deleted whole", async () => {
    const companyId = await insertCompany("Draft Only Ltd");
    await createInvoiceDraft(FINANCE, companyId, draftInput());
    await erase(FINANCE, { kind: "company", id: companyId }, "delete");
    expect(await db().selectFrom("companies").select("id").where("id", "=", companyId).execute()).toHaveLength(0);
    expect(await db().selectFrom("invoices").select("id").where("companyId", "=", companyId).execute()).toHaveLength(0);
  });
});
