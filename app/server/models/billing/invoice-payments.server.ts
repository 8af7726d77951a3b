import { sql } from "kysely";
import { newId } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { Refusal } from "~/lib/refusal";
import { calendarDateIn } from "~/lib/zoned-time";
import type { Actor } from "~/server/auth/actor.server";
import { readPlace } from "~/server/brand/locale.server";
import { db, type Executor, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import {
  balanceOf,
  invoiceForChange,
  notFound,
  OPEN_STATUSES,
  settledStatus,
  type InvoiceRow,
  type InvoiceStatus,
} from "./invoice-views.server";
import type { WriteOptions } from "./invoices.server";
import { recordWebhookEvent } from "../webhooks/webhook-changes.server";

// Payments against an issued invoice. Staff record bank transfers, cash and others;
// card payments arrive only from Stripe's signed webhook (the lead wires it), idempotent on the
// payment intent. Each write first touches the invoice row: on PostgreSQL that locks it until the
// transaction ends, so two payments (or one webhook delivered to two instances) are checked one
// after the other against the balance the first left.

export type PaymentMethod = "bank-transfer" | "cash" | "other" | "card";
export const STAFF_PAYMENT_METHODS = ["bank-transfer", "cash", "other"] as const;

export interface PaymentInput {
  /** Minor units, > 0. */
  amount: number;
  currency: string;
  method: (typeof STAFF_PAYMENT_METHODS)[number];
  /** YYYY-MM-DD. */
  paidOn: string;
  reference: string;
}

export interface PaymentView {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  paidOn: string;
  reference: string;
  refunded: number;
  /** What disputes took back (decision 0090). */
  disputeLost: number;
  /** The latest dispute's Stripe status ("needs_response", "won", "lost"…), or null. */
  disputeStatus: string | null;
  stripePaymentIntentId: string | null;
  createdAt: number;
}

/** Who a webhook's changes are recorded as in the audit log. */
export const STRIPE_ACTOR: Actor = { id: "stripe", email: "stripe", name: "Stripe" };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** Locks the invoice's row (PostgreSQL) and reads it as it now is. */
export async function lockedInvoice(trx: Trx, id: string, now: number): Promise<InvoiceRow> {
  await trx.updateTable("invoices").set({ updatedAt: now }).where("id", "=", id).execute();
  return invoiceForChange(trx, id);
}

export async function addToPaid(trx: Trx, invoice: InvoiceRow, delta: number): Promise<InvoiceStatus> {
  const paid = Number(invoice.paid) + delta;
  const status =
    OPEN_STATUSES.includes(invoice.status as InvoiceStatus) || invoice.status === "paid"
      ? settledStatus({ ...invoice, paid })
      : (invoice.status as InvoiceStatus);
  await trx
    .updateTable("invoices")
    .set({ paid: sql`${sql.ref("paid")} + ${delta}`, status, version: invoice.version + 1 })
    .where("id", "=", invoice.id)
    .execute();
  if (status === "paid" && invoice.status !== "paid") await recordWebhookEvent(trx, { type: "invoice.paid", id: invoice.id }, Date.now());
  return status;
}

/** Staff record a payment; refuses more than the balance, another currency, a draft or a void invoice. */
export async function recordPayment(
  actor: Actor,
  invoiceId: string,
  input: PaymentInput,
  { database = db(), now = Date.now() }: WriteOptions = {},
): Promise<{ id: string; status: InvoiceStatus; balance: number }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new Refusal("invalid", "A payment is more than zero.", { field: "amount" });
  if (!(STAFF_PAYMENT_METHODS as readonly string[]).includes(input.method))
    throw new Refusal("invalid", "Choose bank transfer, cash or other.", { field: "method" });
  if (!isDate(input.paidOn)) throw new Refusal("invalid", "Enter the date the payment was made.", { field: "paidOn" });
  if (input.reference.length > 200) throw new Refusal("invalid", "A reference has at most 200 characters.", { field: "reference" });
  return writeTransaction(async (trx) => {
    const invoice = await lockedInvoice(trx, invoiceId, now);
    if (invoice.kind !== "invoice") throw new Refusal("conflict", "A credit note is not paid.");
    if (invoice.status === "draft") throw new Refusal("conflict", "Issue this invoice before recording a payment.");
    if (invoice.status === "void") throw new Refusal("conflict", "This invoice is void: it cannot be paid.");
    if (input.currency !== invoice.currency)
      throw new Refusal("invalid", `This invoice is in ${invoice.currency}: record the payment in ${invoice.currency}.`, {
        field: "currency",
      });
    const balance = balanceOf(invoice);
    if (balance <= 0) throw new Refusal("conflict", "This invoice is already paid.");
    if (input.amount > balance) {
      const { locale } = (await readPlace(trx)).value;
      throw new Refusal("invalid", `That is more than the balance of ${formatMoney(balance, invoice.currency, locale)}.`, {
        field: "amount",
      });
    }
    const id = newId();
    await trx
      .insertInto("invoicePayments")
      .values({
        id,
        invoiceId,
        amount: input.amount,
        currency: input.currency,
        method: input.method,
        paidOn: input.paidOn,
        reference: input.reference.trim(),
        stripePaymentIntentId: null,
        stripeEventId: null,
        refunded: 0,
        recordedBy: actor.id,
        createdAt: now,
      })
      .execute();
    const status = await addToPaid(trx, invoice, input.amount);
    await recordAudit(
      trx,
      actor,
      {
        action: "invoice.payment",
        entity: "invoice",
        entityId: invoiceId,
        detail: { paymentId: id, amount: input.amount, method: input.method, status },
      },
      now,
    );
    return { id, status, balance: balance - input.amount };
  }, database);
}

/**
 * A card payment Stripe confirmed (its signed webhook): recorded once per payment intent, whatever
 * the number of deliveries or instances. Money received is a fact, so it is recorded even past the
 * balance or on an invoice voided meanwhile (which stays void); a currency that is not the
 * invoice's, a draft, or an unknown invoice is refused.
 */
export async function recordCardPayment(
  trx: Trx,
  p: { invoiceId: string; amount: number; currency: string; stripeEventId: string; paymentIntentId: string; paidAt: Date },
): Promise<"recorded" | "duplicate"> {
  const now = Date.now();
  const invoice = await lockedInvoice(trx, p.invoiceId, now);
  const seen = await trx
    .selectFrom("invoicePayments")
    .select("id")
    .where((eb) => eb.or([eb("stripePaymentIntentId", "=", p.paymentIntentId), eb("stripeEventId", "=", p.stripeEventId)]))
    .executeTakeFirst();
  if (seen) return "duplicate";
  if (invoice.kind !== "invoice" || invoice.status === "draft")
    throw new Refusal("conflict", "Only an issued invoice takes a card payment.");
  if (p.currency.toUpperCase() !== invoice.currency)
    throw new Refusal("invalid", `The payment is in ${p.currency.toUpperCase()}, the invoice in ${invoice.currency}.`);
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new Refusal("invalid", "A payment is more than zero.");
  const { timeZone } = (await readPlace(trx)).value;
  const id = newId();
  await trx
    .insertInto("invoicePayments")
    .values({
      id,
      invoiceId: p.invoiceId,
      amount: p.amount,
      currency: invoice.currency,
      method: "card",
      paidOn: calendarDateIn(p.paidAt.getTime(), timeZone),
      reference: p.paymentIntentId,
      stripePaymentIntentId: p.paymentIntentId,
      stripeEventId: p.stripeEventId,
      refunded: 0,
      recordedBy: null,
      createdAt: now,
    })
    .execute();
  const status = await addToPaid(trx, invoice, p.amount);
  await recordAudit(
    trx,
    STRIPE_ACTOR,
    {
      action: "invoice.payment",
      entity: "invoice",
      entityId: p.invoiceId,
      detail: { paymentId: id, amount: p.amount, method: "card", event: p.stripeEventId, status },
    },
    now,
  );
  return "recorded";
}

function paymentView(row: {
  id: string;
  invoiceId: string;
  amount: number;
  currency: string;
  method: string;
  paidOn: string;
  reference: string;
  refunded: number;
  disputeLost: number;
  disputeStatus: string | null;
  stripePaymentIntentId: string | null;
  createdAt: number;
}): PaymentView {
  return {
    ...row,
    amount: Number(row.amount),
    refunded: Number(row.refunded),
    disputeLost: Number(row.disputeLost),
    createdAt: Number(row.createdAt),
    method: row.method as PaymentMethod,
  };
}

async function paymentsOf(executor: Executor, invoiceId: string): Promise<PaymentView[]> {
  const rows = await executor
    .selectFrom("invoicePayments")
    .select([
      "id",
      "invoiceId",
      "amount",
      "currency",
      "method",
      "paidOn",
      "reference",
      "refunded",
      "disputeLost",
      "disputeStatus",
      "stripePaymentIntentId",
      "createdAt",
    ])
    .where("invoiceId", "=", invoiceId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(paymentView);
}

/** Staff: an invoice's payments, oldest first. */
export async function listPayments({ invoiceId }: { invoiceId: string }): Promise<PaymentView[]> {
  return paymentsOf(db(), invoiceId);
}

/** A member: the payments of one of their company's issued invoices (receipts). */
export async function listCompanyPayments({ invoiceId, companyId }: { invoiceId: string; companyId: string }): Promise<PaymentView[]> {
  const own = await db()
    .selectFrom("invoices")
    .select("id")
    .where("id", "=", invoiceId)
    .where("companyId", "=", companyId)
    .where("status", "!=", "draft")
    .executeTakeFirst();
  if (!own) throw notFound();
  return paymentsOf(db(), invoiceId);
}
