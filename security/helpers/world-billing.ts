import { createHash, randomUUID } from "node:crypto";
import { database } from "./database";
import type { ServerInfo } from "./server";

// Each company's invoices in the matrix's world: an issued one (EUR 100.00 + 20 % tax, unpaid) and
// a draft, both billed to the company's INVOICE- marker, written straight into the tables as the
// billing models would leave them. `invoiceAsSeeded` puts one back in a given state after a cell
// (a payment, a void, a credit note or a delete changed it).

export interface SeededInvoices {
  invoiceId: string;
  draftInvoiceId: string;
}

const DAY = 86_400_000;

export async function invoiceAsSeeded(
  server: ServerInfo,
  { id, companyId, marker, state }: { id: string; companyId: string; marker: string; state: "issued" | "draft" },
): Promise<void> {
  const db = database(server);
  const now = Date.now();
  const credits = await db.selectFrom("invoices").select("id").where("correctsInvoiceId", "=", id).execute();
  for (const row of [...credits.map((c) => c.id), id]) {
    await db.deleteFrom("invoicePayments").where("invoiceId", "=", row).execute();
    await db.deleteFrom("invoiceLines").where("invoiceId", "=", row).execute();
    await db.deleteFrom("invoices").where("id", "=", row).execute();
  }
  const issued = state === "issued";
  const today = new Date(now).toISOString().slice(0, 10);
  await db
    .insertInto("invoices")
    .values({
      id,
      kind: "invoice",
      companyId,
      status: issued ? "issued" : "draft",
      number: issued ? `MATRIX-${id.slice(-12)}` : null,
      currency: "EUR",
      issueDate: issued ? today : null,
      dueDate: issued ? new Date(now + 30 * DAY).toISOString().slice(0, 10) : null,
      netDays: 30,
      discountBp: 0,
      notes: "",
      terms: "",
      taxNote: null,
      clientTaxId: "",
      billingName: marker,
      billingAddress: "",
      billingEmail: "",
      agencySnapshot: null,
      subtotal: 10000,
      discount: 0,
      taxTotal: 2000,
      total: 12000,
      paid: 0,
      credited: 0,
      correctsInvoiceId: null,
      voidReason: null,
      voidedAt: null,
      voidedBy: null,
      issuedAt: issued ? now : null,
      issuedBy: null,
      sentAt: null,
      viewedAt: null,
      pdfFileKey: null,
      pdfSha256: null,
      version: 1,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto("invoiceLines")
    .values({
      id: `${id}-line-1`,
      invoiceId: id,
      position: 1,
      description: "Design work",
      quantityMilli: 1000,
      unitPrice: 10000,
      taxRateBp: 2000,
      net: 10000,
      tax: 2000,
      projectId: null,
      milestoneId: null,
      correctsLineId: null,
    })
    .execute();
}

export async function seedInvoices(server: ServerInfo, companyId: string, marker: string, tag: string): Promise<SeededInvoices> {
  const invoiceId = `matrix-invoice-${tag.toLowerCase()}`;
  const draftInvoiceId = `matrix-draft-${tag.toLowerCase()}`;
  await invoiceAsSeeded(server, { id: invoiceId, companyId, marker, state: "issued" });
  await invoiceAsSeeded(server, { id: draftInvoiceId, companyId, marker, state: "draft" });
  return { invoiceId, draftInvoiceId };
}

// The portal's Billing in the matrix (decision 0086): one issued invoice per client company, written
// as rows with totals that add up (1 × 100.00 at 20 %: net 10000, tax 2000, total 12000 cents). Its
// line carries the INVOICE- marker, which must never reach the other company.

export async function seedPortalInvoice(server: ServerInfo, companyId: string, tag: string): Promise<{ id: string; marker: string }> {
  const db = database(server);
  const id = randomUUID();
  const marker = `INVOICE-${tag}`;
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  await db
    .insertInto("invoices")
    .values({
      id,
      kind: "invoice",
      companyId,
      status: "issued",
      number: `MX-${tag}`,
      currency: "EUR",
      issueDate: today,
      dueDate: today,
      netDays: 0,
      discountBp: 0,
      notes: "",
      terms: "",
      taxNote: null,
      clientTaxId: "",
      billingName: "Matrix Client",
      billingAddress: "1 Matrix Street",
      billingEmail: "",
      agencySnapshot: null,
      subtotal: 10_000,
      discount: 0,
      taxTotal: 2_000,
      total: 12_000,
      paid: 0,
      credited: 0,
      correctsInvoiceId: null,
      voidReason: null,
      voidedAt: null,
      voidedBy: null,
      issuedAt: now,
      issuedBy: null,
      sentAt: null,
      viewedAt: null,
      pdfFileKey: null,
      pdfSha256: null,
      version: 1,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto("invoiceLines")
    .values({
      id: randomUUID(),
      invoiceId: id,
      position: 0,
      description: marker,
      quantityMilli: 1_000,
      unitPrice: 10_000,
      taxRateBp: 2_000,
      net: 10_000,
      tax: 2_000,
      projectId: null,
      milestoneId: null,
      correctsLineId: null,
    })
    .execute();
  return { id, marker };
}

/** Company A's second member receives its invoices, so both of A's members may use Billing. */
export async function letReceiveInvoices(server: ServerInfo, userId: string): Promise<void> {
  await database(server)
    .updateTable("users")
    .set({ receivesInvoices: (server.backend === "sqlite" ? 1 : true) as boolean })
    .where("id", "=", userId)
    .execute();
}

/** A running retainer of the company, far in the future (the daily run never writes it): "Stop" has one to stop. */
export async function retainerRunning(server: ServerInfo, companyId: string): Promise<string> {
  const db = database(server);
  // One per company, as a UUID: the id column is 36 characters on PostgreSQL.
  const hex = createHash("sha256").update(`matrix-retainer:${companyId}`).digest("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  const now = Date.now();
  await db.deleteFrom("recurringInvoices").where("id", "=", id).execute();
  const template = {
    currency: "EUR",
    netDays: 14,
    discountBp: 0,
    notes: "",
    terms: "",
    taxNote: null,
    clientTaxId: "",
    billingName: "Matrix Retainer",
    billingAddress: "",
    billingEmail: "",
    lines: [{ description: "Matrix retainer", quantityMilli: 1000, unitPrice: 10000, taxRateBp: 2000 }],
  };
  await db
    .insertInto("recurringInvoices")
    .values({
      id,
      companyId,
      template: JSON.stringify(template),
      interval: "monthly",
      nextRunOn: "2099-01-01",
      autoIssue: 0,
      active: 1,
      lastInvoiceId: null,
      createdBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
