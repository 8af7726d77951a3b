import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BILLING_DEFAULTS, formatInvoiceNumber, numberFormatProblem, numberSeries } from "~/lib/billing-settings";
import { newId } from "~/lib/ids";
import { isRefusal } from "~/lib/refusal";
import { currentDialect, db } from "~/server/db/db.server";
import { billingContacts, setReceivesInvoices } from "~/server/models/billing/billing-contacts.server";
import { getBillingSettings, updateBillingSettings } from "~/server/models/billing/billing-settings.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { FINANCE, insertCompany } from "./helpers";

describe("Number formats", () => {
  test("Tokens fill from the issue date and the counter pads to its width; a bad format says why", () => {
    expect(formatInvoiceNumber("INV-{YYYY}-{0001}", "2026-03-09", 42)).toBe("INV-2026-0042");
    expect(formatInvoiceNumber("{YY}{MM}-{01}", "2026-03-09", 1234)).toBe("2603-1234");
    expect(numberSeries("invoice", "INV-{YYYY}-{0001}", "2026-03-09")).toBe("invoice:INV-2026-{n}");
    expect(numberSeries("invoice", "INV-{YYYY}-{000001}", "2026-12-31")).toBe("invoice:INV-2026-{n}");
    expect(numberSeries("credit-note", "CN-{YYYY}-{0001}", "2027-01-01")).toBe("credit-note:CN-2027-{n}");
    expect(numberFormatProblem("INV-{YYYY}-{0001}")).toBeNull();
    expect(numberFormatProblem("INV-{YYYY}")).toMatch(/exactly one counter/);
    expect(numberFormatProblem("INV-{0001}-{0001}")).toMatch(/exactly one counter/);
    expect(numberFormatProblem("INV-{DD}-{0001}")).toMatch(/Unknown token \{DD\}/);
    expect(numberFormatProblem("INV/{0001}")).toMatch(/slashes/);
  });
});

describe.each(testDatabases("billing settings"))("Billing settings and contacts on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("Defaults hold until changed; a change is audited; an unusable format or a credit-note format like the invoices' is refused", async () => {
    expect(await getBillingSettings()).toEqual(BILLING_DEFAULTS);
    const next = { ...BILLING_DEFAULTS, netDays: 30, agencyTaxId: "GB123", bankDetails: "IBAN GB00 0000\nBIC ABCDGB2L" };
    expect(await updateBillingSettings(FINANCE, next)).toEqual(next);
    const audit = await db().selectFrom("auditLog").select("entityId").where("action", "=", "settings.change").execute();
    expect(audit.map((a) => a.entityId).sort()).toEqual(["billing.agencyTaxId", "billing.bankDetails", "billing.netDays"]);
    for (const bad of [{ invoiceNumberFormat: "INV" }, { creditNoteNumberFormat: "INV-{YY}-{01}" }]) {
      const error = await updateBillingSettings(FINANCE, { ...next, ...bad }).catch((e: unknown) => e);
      expect(isRefusal(error, "invalid")).toBe(true);
    }
    expect(await getBillingSettings()).toEqual(next);
  });

  test("A company's admins receive its invoices until someone chooses otherwise; an explicit choice wins", async () => {
    const companyId = await insertCompany("Kestrel GmbH");
    const other = await insertCompany("Heron Ltd");
    const flag = (v: boolean) => (currentDialect() === "sqlite" ? Number(v) : v);
    const member = async (email: string, clientAdmin: boolean, company = companyId) => {
      const id = newId();
      await db()
        .insertInto("users")
        .values({
          id,
          name: email,
          email,
          emailVerified: flag(true),
          image: null,
          role: "client",
          companyId: company,
          clientAdmin: flag(clientAdmin),
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
      return id;
    };
    const admin = await member("ada@kestrel.example", true);
    const plain = await member("bo@kestrel.example", false);
    const outsider = await member("cy@heron.example", true, other);
    const emails = async () => (await billingContacts({ companyId })).map((c) => c.email);
    expect(await emails()).toEqual(["ada@kestrel.example"]);
    await setReceivesInvoices(FINANCE, { companyId, userId: plain, value: true });
    await setReceivesInvoices(FINANCE, { companyId, userId: admin, value: false });
    expect(await emails()).toEqual(["bo@kestrel.example"]);
    const error = await setReceivesInvoices(FINANCE, { companyId, userId: outsider, value: true }).catch((e: unknown) => e);
    expect(isRefusal(error, "not-found")).toBe(true);
  });
});
