import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { invoiceDraftSchema } from "~/lib/schemas/invoices";
import { dialectOfDb, db } from "~/server/db/db.server";
import { billingContacts, setReceivesInvoices } from "~/server/models/billing/billing-contacts.server";
import { invoiceDocument } from "~/server/models/billing/invoice-document.server";
import { issueAndFile, sendInvoice } from "~/server/models/billing/invoice-delivery.server";
import { linkableWork } from "~/server/models/billing/invoice-links.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";
import { createInvoiceDraft, updateInvoiceDraft } from "~/server/models/billing/invoices.server";
import { createRecurringInvoice, runRecurringInvoices, stopRecurringInvoice } from "~/server/models/billing/recurring-invoices.server";
import { listRetainers } from "~/server/models/billing/retainers-console.server";
import { signUp } from "../helpers/accounts";
import { companyOf } from "../helpers/companies";
import { testDatabases, useAppDatabase } from "../helpers/databases";
import { insertMilestone } from "../helpers/workspace-rows";
import { designLine, draftInput, FINANCE, insertCompany } from "./helpers";
import { refusalOf } from "../helpers/refusals";

// The billing screens' models: Billing → Retainers (list, stop), who receives a company's invoices,
// and a line's link to the company's project or milestone.

const DAY = 86_400_000;

async function insertProject(companyId: string, title: string): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db()
    .insertInto("projects")
    .values({ id, companyId, createdBy: null, title, description: "d", progress: 0, createdAt: now, updatedAt: now })
    .execute();
  return id;
}

describe.each(testDatabases("billing screens"))("Billing screens on $name", (database) => {
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ cleanup } = await useAppDatabase(database));
  }, 60_000);
  afterAll(async () => cleanup());

  test("A stopped retainer is listed as stopped, audited once, and the daily run writes nothing from it", async () => {
    const start = Date.parse("2026-12-01T10:00:00Z");
    const company = await insertCompany(`Stopping ${database.name}`);
    const { id } = await createRecurringInvoice(
      FINANCE,
      company,
      { template: draftInput(), interval: "quarterly", startOn: "2026-12-10", autoIssue: true },
      start,
    );
    expect(await listRetainers({ scope: "all", companyId: company })).toEqual([
      expect.objectContaining({
        id,
        companyName: `Stopping ${database.name}`,
        description: "Design, hours",
        lines: 2,
        // 800 + 750 net, 160 + 56.25 tax.
        total: 176_625,
        currency: "EUR",
        interval: "quarterly",
        nextRunOn: "2026-12-10",
        autoIssue: true,
        active: true,
      }),
    ]);
    expect(await stopRecurringInvoice(FINANCE, id, start)).toBe("stopped");
    expect(await stopRecurringInvoice(FINANCE, id, start)).toBe("unchanged");
    expect((await listRetainers({ scope: "all", companyId: company }))[0]).toMatchObject({ id, active: false });
    const audits = await db()
      .selectFrom("auditLog")
      .select("action")
      .where("entityId", "=", company)
      .where("action", "=", "retainer.stop")
      .execute();
    expect(audits).toHaveLength(1);
    expect(await runRecurringInvoices({ now: start + 10 * DAY })).toEqual({ written: 0, issued: 0 });
    expect(await db().selectFrom("invoices").select("id").where("companyId", "=", company).execute()).toEqual([]);
    expect(await refusalOf(stopRecurringInvoice(FINANCE, "no-such-retainer"))).toMatchObject({ kind: "not-found" });
  });

  test("Who receives a company's invoices follows each member's choice, and the invoice mail goes to them alone", async () => {
    const admin = await signUp(`rx-admin-${database.name}@kestrel.example`, "Ada Admin");
    const company = await companyOf(admin);
    const payer = await signUp(`rx-payer-${database.name}@kestrel.example`, "Pat Payer");
    await db().updateTable("users").set({ companyId: company }).where("id", "=", payer.id).execute();
    const emails = async () => (await billingContacts({ companyId: company })).map((c) => c.email);
    expect(await emails()).toEqual([admin.email]);

    await setReceivesInvoices(FINANCE, { companyId: company, userId: payer.id, value: true });
    await setReceivesInvoices(FINANCE, { companyId: company, userId: admin.id, value: false });
    expect(await emails()).toEqual([payer.email]);
    const row = await db().selectFrom("users").select("receivesInvoices").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.receivesInvoices).toBe(dialectOfDb(db()) === "sqlite" ? 0 : false);
    const audits = await db()
      .selectFrom("auditLog")
      .select(["entityId"])
      .where("action", "=", "member.receives-invoices")
      .where("entityId", "in", [admin.id, payer.id])
      .execute();
    expect(audits).toHaveLength(2);

    const draft = await createInvoiceDraft(FINANCE, company, draftInput({ billingEmail: "" }));
    await issueAndFile(FINANCE, draft.id, draft.version);
    expect((await sendInvoice(FINANCE, draft.id)).sentTo).toEqual([payer.email]);
    const mails = await db()
      .selectFrom("mailOutbox")
      .select("toAddress")
      .where("idempotencyKey", "like", `invoice:${draft.id}:%`)
      .execute();
    expect(mails.map((m) => m.toAddress)).toEqual([payer.email]);

    // Another company's member is not this company's to choose for.
    const stranger = await signUp(`rx-stranger-${database.name}@kestrel.example`);
    expect(await refusalOf(setReceivesInvoices(FINANCE, { companyId: company, userId: stranger.id, value: true }))).toMatchObject({
      kind: "not-found",
    });
  });

  test("A line linked to another company's project or milestone is refused with the line named, and the draft stays as it was", async () => {
    const ours = await insertCompany(`Linked ${database.name}`);
    const theirs = await insertCompany(`Other ${database.name}`);
    const site = await insertProject(ours, "Website relaunch");
    const launch = await insertMilestone(site, { title: "Launch" });
    const foreign = await insertProject(theirs, "Their project");
    const foreignMilestone = await insertMilestone(foreign, { title: "Their milestone" });
    expect(await linkableWork({ companyId: ours })).toEqual([
      { id: site, title: "Website relaunch", milestones: [{ id: launch, title: "Launch" }] },
    ]);

    const draft = await createInvoiceDraft(FINANCE, ours, draftInput());
    for (const link of [{ projectId: foreign }, { milestoneId: foreignMilestone }, { projectId: site, milestoneId: foreignMilestone }]) {
      const refusal = await refusalOf(updateInvoiceDraft(FINANCE, draft.id, draft.version, draftInput({ lines: [designLine(link)] })));
      expect(refusal).toMatchObject({ kind: "invalid", field: "lines[0]", message: expect.stringMatching(/^Line 1: .*this client/) });
    }
    const unchanged = await getInvoice({ scope: "all", id: draft.id });
    expect(unchanged.version).toBe(draft.version);
    expect(unchanged.lines.map((l) => l.projectId)).toEqual([null, null]);

    // The editor's picker sends one value; a milestone brings its project along.
    const form = invoiceDraftSchema.parse({
      currency: "EUR",
      netDays: "14",
      billingName: "Kestrel",
      lines: [{ description: "Launch work", quantity: "1", unitPrice: "100", taxRate: "0", link: `milestone:${launch}` }],
    });
    expect(form.lines[0]).toMatchObject({ projectId: null, milestoneId: launch });
    const { version } = await updateInvoiceDraft(FINANCE, draft.id, draft.version, { ...form });
    const saved = await getInvoice({ scope: "all", id: draft.id });
    expect(saved.version).toBe(version);
    expect(saved.lines[0]).toMatchObject({ projectId: site, milestoneId: launch });
    await issueAndFile(FINANCE, draft.id, version);
    const doc = await invoiceDocument(db(), draft.id);
    expect(doc.lines[0]?.work).toBe("Website relaunch · Launch");
  });
});
