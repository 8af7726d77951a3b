import { CLOSED_DISPUTE_STATUSES, disputeLabel } from "~/lib/card-disputes";
import { formatMoney } from "~/lib/money";
import { consoleInvoiceLink } from "~/lib/links";
import { Refusal } from "~/lib/refusal";
import { brandIn } from "~/server/brand/brand.server";
import { readPlace } from "~/server/brand/locale.server";
import { db, type Trx } from "~/server/db/db.server";
import { absoluteUrl } from "~/server/env.server";
import { paymentDisputedMail } from "~/server/mail/staff-event-mails.server";
import { recordAudit } from "~/server/models/shared/audit.server";
import { notify, staffIdsFor } from "../notifications/notifications.server";
import { addToPaid, lockedInvoice, STRIPE_ACTOR } from "./invoice-payments.server";

// What takes back part of a card payment after it was recorded (decisions 0084, 0090): refunds,
// refunds Stripe reports failed, and disputes. Each is a row of `invoice_card_adjustments` keyed by
// Stripe's own id (the refund event, the failed refund, the dispute), and the payment's `refunded`
// and `disputeLost` are recomputed from all its rows every time. Sums and "the furthest status
// wins" do not depend on the order events arrive in, so late, repeated or reordered deliveries
// end in the same books. A payment not recorded yet is Refusal("not-found"): Stripe retries.

type Outcome = "recorded" | "duplicate";

// An open status never overwrites one of these.
const CLOSED_DISPUTE = new Set(CLOSED_DISPUTE_STATUSES);

async function cardPaymentOf(trx: Trx, paymentIntentId: string, now: number) {
  const first = await trx
    .selectFrom("invoicePayments")
    .select("invoiceId")
    .where("stripePaymentIntentId", "=", paymentIntentId)
    .executeTakeFirst();
  if (!first) throw new Refusal("not-found", "No card payment is recorded for that payment intent yet.");
  // Locks the invoice (PostgreSQL): two reversals of one payment are settled one after the other.
  const invoice = await lockedInvoice(trx, first.invoiceId, now);
  const payment = await trx
    .selectFrom("invoicePayments")
    .selectAll()
    .where("stripePaymentIntentId", "=", paymentIntentId)
    .executeTakeFirstOrThrow();
  return { invoice, payment };
}

/** Recomputes the payment from its rows and moves the invoice's paid amount by the difference. */
async function settlePayment(trx: Trx, paymentIntentId: string, now: number): Promise<{ changed: boolean; status: string }> {
  const { invoice, payment } = await cardPaymentOf(trx, paymentIntentId, now);
  const rows = await trx
    .selectFrom("invoiceCardAdjustments")
    .selectAll()
    .where("paymentId", "=", payment.id)
    .orderBy("createdAt")
    .execute();
  const sum = (kind: string, status?: string) =>
    rows.filter((r) => r.kind === kind && (status === undefined || r.status === status)).reduce((n, r) => n + Number(r.amount), 0);
  const amount = Number(payment.amount);
  const refunded = Math.min(amount, Math.max(0, sum("refund") - sum("refund-failed")));
  const disputeLost = Math.min(amount - refunded, sum("dispute", "lost"));
  const latestDispute = rows.filter((r) => r.kind === "dispute").at(-1);
  const before = Number(payment.refunded) + Number(payment.disputeLost);
  const after = refunded + disputeLost;
  await trx
    .updateTable("invoicePayments")
    .set({ refunded, disputeLost, disputeStatus: latestDispute?.status ?? null })
    .where("id", "=", payment.id)
    .execute();
  const status = before !== after ? await addToPaid(trx, invoice, before - after) : invoice.status;
  return { changed: before !== after, status };
}

/**
 * One `charge.refunded` event: `amount` is what this event refunded. Keyed by the event's id, so
 * a repeated delivery adds nothing and partial refunds add up in any order.
 */
export async function recordCardRefund(
  trx: Trx,
  p: { paymentIntentId: string; amount: number; stripeEventId: string; refundedTotal?: number },
): Promise<Outcome> {
  const now = Date.now();
  const { invoice, payment } = await cardPaymentOf(trx, p.paymentIntentId, now);
  if (
    !Number.isSafeInteger(p.amount) ||
    p.amount <= 0 ||
    p.amount > Number(payment.amount) ||
    (p.refundedTotal ?? 0) > Number(payment.amount)
  )
    throw new Refusal("invalid", "A refund cannot exceed the payment.");
  const inserted = await trx
    .insertInto("invoiceCardAdjustments")
    .values({
      id: p.stripeEventId,
      paymentId: payment.id,
      kind: "refund",
      amount: p.amount,
      status: "succeeded",
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "duplicate";
  const { status } = await settlePayment(trx, p.paymentIntentId, now);
  await recordAudit(
    trx,
    STRIPE_ACTOR,
    {
      action: "invoice.refund",
      entity: "invoice",
      entityId: invoice.id,
      detail: { paymentId: payment.id, amount: p.amount, event: p.stripeEventId, status },
    },
    now,
  );
  return "recorded";
}

/**
 * A refund Stripe reports failed (`charge.refund.updated` / `refund.updated` with status failed,
 * or `refund.failed`): the money is back with the agency, so the refund's amount is reversed.
 * Keyed by the refund's id: the two or three events Stripe sends for one failure count once, and
 * a failure that overtakes its `charge.refunded` nets out when that arrives.
 */
export async function recordRefundFailure(
  trx: Trx,
  p: { refundId: string; paymentIntentId: string; amount: number; reason: string; stripeEventId: string },
): Promise<Outcome> {
  const now = Date.now();
  const { invoice, payment } = await cardPaymentOf(trx, p.paymentIntentId, now);
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0 || p.amount > Number(payment.amount))
    throw new Refusal("invalid", "A failed refund cannot exceed the payment.");
  const inserted = await trx
    .insertInto("invoiceCardAdjustments")
    .values({
      id: p.refundId,
      paymentId: payment.id,
      kind: "refund-failed",
      amount: p.amount,
      status: "failed",
      reason: p.reason.slice(0, 64),
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "duplicate";
  const { status } = await settlePayment(trx, p.paymentIntentId, now);
  await recordAudit(
    trx,
    STRIPE_ACTOR,
    {
      action: "invoice.refund-failed",
      entity: "invoice",
      entityId: invoice.id,
      detail: { paymentId: payment.id, amount: p.amount, refund: p.refundId, event: p.stripeEventId, status },
    },
    now,
  );
  return "recorded";
}

/**
 * A dispute opened, changed or closed (`charge.dispute.*`). The furthest status wins: a closed one
 * (won, lost) is never reopened by a late "created". Only a lost dispute takes the amount off the
 * invoice's paid; won, or still open, leaves the payment whole. Finance staff and admins hear of
 * each new status (bell and mail, through the outbox).
 */
export async function recordDispute(
  trx: Trx,
  p: { disputeId: string; paymentIntentId: string; amount: number; status: string; reason: string; stripeEventId: string },
): Promise<Outcome> {
  const now = Date.now();
  const { invoice, payment } = await cardPaymentOf(trx, p.paymentIntentId, now);
  if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new Refusal("invalid", "A dispute is for more than zero.");
  const amount = Math.min(p.amount, Number(payment.amount));
  const existing = await trx.selectFrom("invoiceCardAdjustments").selectAll().where("id", "=", p.disputeId).executeTakeFirst();
  if (existing && (existing.status === p.status || (CLOSED_DISPUTE.has(existing.status) && !CLOSED_DISPUTE.has(p.status))))
    return "duplicate";
  if (existing)
    await trx
      .updateTable("invoiceCardAdjustments")
      .set({ status: p.status, amount, updatedAt: now })
      .where("id", "=", p.disputeId)
      .execute();
  else
    await trx
      .insertInto("invoiceCardAdjustments")
      .values({
        id: p.disputeId,
        paymentId: payment.id,
        kind: "dispute",
        amount,
        status: p.status,
        reason: p.reason.slice(0, 64),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  const { status } = await settlePayment(trx, p.paymentIntentId, now);
  await recordAudit(
    trx,
    STRIPE_ACTOR,
    {
      action: "invoice.dispute",
      entity: "invoice",
      entityId: invoice.id,
      detail: { paymentId: payment.id, dispute: p.disputeId, disputeStatus: p.status, amount, event: p.stripeEventId, status },
    },
    now,
  );
  const link = consoleInvoiceLink(invoice.id);
  const { locale } = (await readPlace(trx)).value;
  const number = invoice.number ?? invoice.id;
  const shown = formatMoney(amount, invoice.currency, locale);
  await notify(
    trx,
    await staffIdsFor(trx, "billing"),
    {
      type: "payment_disputed",
      eventKey: `dispute:${p.disputeId}:${p.status}`,
      title: `Card payment on ${number} disputed: ${disputeLabel(p.status)}`,
      body: `${shown}${p.reason ? `, reason: ${p.reason.replace(/_/g, " ")}` : ""}`,
      link,
      mail: paymentDisputedMail({ number, amount: shown, status: disputeLabel(p.status), url: absoluteUrl(link) }, await brandIn(trx)),
      companyId: invoice.companyId,
    },
    { now },
  );
  return "recorded";
}

/** Who hears of disputes: staff whose role uses Billing (admin, finance). */
export function billingStaffIds(): Promise<string[]> {
  return staffIdsFor(db(), "billing");
}
