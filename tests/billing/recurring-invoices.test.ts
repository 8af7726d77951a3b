import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isRefusal } from "~/lib/refusal";
import { getInvoice, listInvoices } from "~/server/models/billing/invoices-read.server";
import {
  addMonths,
  createRecurringInvoice,
  listRecurringInvoices,
  runRecurringInvoices,
  stopRecurringInvoice,
} from "~/server/models/billing/recurring-invoices.server";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { draftInput, FINANCE, insertCompany } from "./helpers";

// Issue 29, part 5: retainers write one invoice on each of their days, however many runs see it.

const DAY = 86_400_000;

test("A month later is the same day, kept inside shorter months", () => {
  expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
  expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
  expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
  expect(addMonths("2026-12-01", 1)).toBe("2027-01-01");
});

describe.each(testDatabases("retainers"))("Retainers on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("A monthly retainer writes one draft on its day even when two instances run at once (the day moves in the same transaction), then waits a month", async () => {
    const start = Date.parse("2026-12-01T10:00:00Z");
    const company = await insertCompany(`Retainer ${database.name}`);
    await createRecurringInvoice(
      FINANCE,
      company,
      { template: draftInput(), interval: "monthly", startOn: "2026-12-01", autoIssue: false },
      start,
    );
    const runs = await Promise.all([runRecurringInvoices({ now: start }), runRecurringInvoices({ now: start })]);
    expect(runs.reduce((sum, r) => sum + r.written, 0)).toBe(1);
    expect(await runRecurringInvoices({ now: start + 20 * DAY })).toEqual({ written: 0, issued: 0 });
    const [retainer] = await listRecurringInvoices({ companyId: company });
    expect(retainer).toMatchObject({ nextRunOn: "2027-01-01", interval: "monthly", autoIssue: false, active: true });
    const { invoices } = await listInvoices({ scope: "all", companyId: company });
    expect(invoices.map((i) => i.status)).toEqual(["draft"]);
    expect(await runRecurringInvoices({ now: start + 31 * DAY })).toEqual({ written: 1, issued: 0 });
    await stopRecurringInvoice(FINANCE, retainer!.id);
    expect(await runRecurringInvoices({ now: start + 62 * DAY })).toEqual({ written: 0, issued: 0 });
  });

  test("An automatic retainer issues and sends its invoice on its day", async () => {
    const start = Date.parse("2026-12-05T10:00:00Z");
    const company = await insertCompany(`Auto ${database.name}`);
    await createRecurringInvoice(
      FINANCE,
      company,
      { template: draftInput(), interval: "quarterly", startOn: "2026-12-05", autoIssue: true },
      start,
    );
    expect(await runRecurringInvoices({ now: start })).toEqual({ written: 1, issued: 1 });
    const [retainer] = await listRecurringInvoices({ companyId: company });
    expect(retainer?.nextRunOn).toBe("2027-03-05");
    expect(await getInvoice({ scope: "all", id: retainer!.lastInvoiceId! })).toMatchObject({
      status: "sent",
      number: expect.stringMatching(/^INV-2026-/),
    });
  });

  test("A retainer starting in the past or without lines is refused", async () => {
    const now = Date.parse("2026-12-05T10:00:00Z");
    const company = await insertCompany(`Refused ${database.name}`);
    for (const [input, field] of [
      [{ template: draftInput(), interval: "monthly", startOn: "2026-12-04", autoIssue: false }, "startOn"],
      [{ template: draftInput({ lines: [] }), interval: "monthly", startOn: "2026-12-05", autoIssue: false }, "lines"],
    ] as const) {
      const error = await createRecurringInvoice(FINANCE, company, input, now).catch((e: unknown) => e);
      expect(isRefusal(error) && error.field).toBe(field);
    }
    expect(await listRecurringInvoices({ companyId: company })).toEqual([]);
  });
});
