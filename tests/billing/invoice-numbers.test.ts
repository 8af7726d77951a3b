import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { calendarDateIn } from "~/lib/zoned-time";
import { createDb, db, type Db } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { updateBillingSettings } from "~/server/models/billing/billing-settings.server";
import { issueInvoice } from "~/server/models/billing/invoice-issue.server";
import { takeInvoiceNumber } from "~/server/models/billing/invoice-numbers.server";
import { createInvoiceDraft } from "~/server/models/billing/invoices.server";
import { BILLING_DEFAULTS } from "~/lib/billing-settings";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Decision 0082: numbers are gapless and unique across instances. The "second instance" is a
// second database handle on the same database (its own pool on PostgreSQL, its own connection to
// the same file on SQLite), issuing at the same time as the first.

describe.each(testDatabases("invoice numbers"))("Invoice numbers under concurrency on $name", (database) => {
  let cleanup: () => Promise<void>;
  let second: Db;
  let companyId: string;
  const year = () => calendarDateIn(Date.now(), "UTC").slice(0, 4);
  const drafts = async (n: number) => Promise.all(Array.from({ length: n }, () => createInvoiceDraft(FINANCE, companyId, draftInput())));
  const seq = (numbers: string[]) => numbers.map((n) => Number(n.split("-").at(-1))).sort((a, b) => a - b);

  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
    second = createDb(process.env.DATABASE_URL);
    companyId = await insertCompany("Kestrel GmbH");
  }, 60_000);
  afterAll(async () => {
    await second.destroy();
    await cleanup();
  });

  test("50 drafts issued at once from two instances get 50 consecutive numbers, no gap, no duplicate", async () => {
    const made = await drafts(50);
    const issued = await Promise.all(made.map((d, i) => issueInvoice(FINANCE, d.id, d.version, { database: i % 2 === 0 ? db() : second })));
    const numbers = issued.map((r) => r.number);
    expect(new Set(numbers).size).toBe(50);
    expect(seq(numbers)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(numbers.every((n) => n.startsWith(`INV-${year()}-`))).toBe(true);
    const stored = await db().selectFrom("invoices").select("number").where("status", "=", "issued").execute();
    expect(stored.map((r) => r.number).sort()).toEqual([...numbers].sort());
  });

  test("A transaction that fails after taking a number leaves no gap", async () => {
    const today = calendarDateIn(Date.now(), "UTC");
    const before = await db().selectFrom("invoiceNumberCounters").selectAll().execute();
    await expect(
      writeTransaction(async (trx) => {
        expect(await takeInvoiceNumber(trx, "invoice", today)).toBe(`INV-${year()}-0051`);
        throw new Error("the server died after taking a number");
      }, second),
    ).rejects.toThrow("the server died");
    expect(await db().selectFrom("invoiceNumberCounters").selectAll().execute()).toEqual(before);
    // Failures and successes interleaved from both instances: still consecutive.
    const made = await drafts(10);
    const outcomes = await Promise.allSettled(
      made.flatMap((d, i) => [
        issueInvoice(FINANCE, d.id, d.version, { database: i % 2 === 0 ? second : db() }),
        writeTransaction(
          async (trx) => {
            await takeInvoiceNumber(trx, "invoice", today);
            throw new Error("fails");
          },
          i % 2 === 0 ? db() : second,
        ),
      ]),
    );
    const numbers = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value ? [o.value.number] : []));
    expect(seq(numbers)).toEqual(Array.from({ length: 10 }, (_, i) => i + 51));
  });

  test("A new format or a new year is a new series; the format's counter width pads the number", async () => {
    await updateBillingSettings(FINANCE, { ...BILLING_DEFAULTS, invoiceNumberFormat: "KITE-{YY}{MM}-{000001}" });
    const [d] = await drafts(1);
    const now = Date.UTC(2031, 0, 15, 12);
    const { number } = await issueInvoice(FINANCE, d!.id, d!.version, { now });
    expect(number).toBe("KITE-3101-000001");
    const [e] = await drafts(1);
    expect((await issueInvoice(FINANCE, e!.id, e!.version, { now })).number).toBe("KITE-3101-000002");
    const [f] = await drafts(1);
    expect((await issueInvoice(FINANCE, f!.id, f!.version, { now: Date.UTC(2031, 1, 1, 12) })).number).toBe("KITE-3102-000001");
    await updateBillingSettings(FINANCE, BILLING_DEFAULTS);
  });

  test("The year rolls over in the agency's time zone: half past midnight in Tokyo on 1 January starts the new year's series", async () => {
    await db()
      .insertInto("appSettings")
      .values({ key: "locale.timeZone", value: "Asia/Tokyo", updatedAt: Date.now(), updatedBy: null })
      .execute();
    const [a, b] = await drafts(2);
    // 14:30 UTC on 31 December is 23:30 in Tokyo; 15:30 UTC is 00:30 on 1 January there.
    expect((await issueInvoice(FINANCE, a!.id, a!.version, { now: Date.UTC(2030, 11, 31, 14, 30) })).number).toBe("INV-2030-0001");
    const next = await issueInvoice(FINANCE, b!.id, b!.version, { now: Date.UTC(2030, 11, 31, 15, 30) });
    expect(next).toMatchObject({ number: "INV-2031-0001", issueDate: "2031-01-01", dueDate: "2031-01-15" });
    await db().deleteFrom("appSettings").where("key", "=", "locale.timeZone").execute();
  });
});
