import { Refusal } from "~/lib/refusal";
import { db, type Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";
import { createCheckoutSession, onlinePaymentsEnabled } from "~/server/payments/stripe.server";
import { getCompanyInvoice } from "./invoices-read.server";
import { OPEN_STATUSES } from "./invoice-views.server";

// The portal's Pay (decision 0086): a Checkout session for the balance of one of the member's
// company's invoices. Nothing is paid here; the payment counts when Stripe's signed webhook says
// so (decision 0084). The sessions opened are kept (decision 0090): one Stripe reports expired is
// never offered again (the next Pay's idempotency key names a new attempt, so Stripe opens a new
// session instead of replaying the dead one), and "payment pending" shows only while the session
// the member came back from is still open.

export interface PayRequest {
  invoiceId: string;
  companyId: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutStatus = "open" | "expired" | "complete";
// How far a session has gone: an event arriving late never moves it back.
const RANK: Record<CheckoutStatus, number> = { open: 0, expired: 1, complete: 2 };

/** Whether the portal offers Pay for an invoice with this status and balance. */
export function payable(invoice: { kind: string; status: string; balance: number }): boolean {
  return onlinePaymentsEnabled() && invoice.kind === "invoice" && OPEN_STATUSES.includes(invoice.status as never) && invoice.balance > 0;
}

/** The Checkout page's address for the invoice's whole balance; another company's is not found. */
export async function startCardPayment(request: PayRequest, now = Date.now()): Promise<string> {
  const invoice = await getCompanyInvoice({ id: request.invoiceId, companyId: request.companyId });
  if (!onlinePaymentsEnabled()) throw new Refusal("refused", "Online card payment is not set up. Please pay by bank transfer.");
  if (!payable(invoice)) throw new Refusal("conflict", "This invoice has nothing left to pay.");
  const expired = await db()
    .selectFrom("invoiceCheckouts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("invoiceId", "=", invoice.id)
    .where("status", "=", "expired")
    .executeTakeFirstOrThrow();
  // The UTC day (Pay twice reuses one session) and how many sessions of this invoice expired.
  const attempt = `${new Date(now).toISOString().slice(0, 10)}.${Number(expired.n)}`;
  const session = await createCheckoutSession({
    invoiceId: invoice.id,
    invoiceNumber: invoice.number ?? invoice.id,
    amount: invoice.balance,
    currency: invoice.currency,
    customerEmail: request.email,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    attempt,
  });
  await writeTransaction((trx) =>
    trx
      .insertInto("invoiceCheckouts")
      .values({
        id: session.id,
        invoiceId: invoice.id,
        amount: invoice.balance,
        currency: invoice.currency,
        attempt,
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute(),
  );
  return session.url;
}

/** A session moved on (webhook): expired or complete. Unknown sessions of our invoices are recorded. */
export async function markCheckout(
  trx: Trx,
  p: { sessionId: string; invoiceId: string; amount: number; currency: string; status: CheckoutStatus },
  now = Date.now(),
): Promise<"recorded" | "duplicate"> {
  const row = await trx.selectFrom("invoiceCheckouts").select("status").where("id", "=", p.sessionId).executeTakeFirst();
  if (row && RANK[row.status as CheckoutStatus] >= RANK[p.status]) return "duplicate";
  if (row) {
    await trx.updateTable("invoiceCheckouts").set({ status: p.status, updatedAt: now }).where("id", "=", p.sessionId).execute();
    return "recorded";
  }
  const invoice = await trx.selectFrom("invoices").select("id").where("id", "=", p.invoiceId).executeTakeFirst();
  if (!invoice) return "duplicate";
  await trx
    .insertInto("invoiceCheckouts")
    .values({
      id: p.sessionId,
      invoiceId: p.invoiceId,
      amount: p.amount,
      currency: p.currency,
      attempt: "",
      status: p.status,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return "recorded";
}

/**
 * Whether a card payment of this invoice is under way: the session the member came back from (or,
 * without one, any session) is still open. An expired session is not: Pay is offered again.
 */
export async function checkoutPending({ invoiceId, sessionId }: { invoiceId: string; sessionId?: string | null }): Promise<boolean> {
  let query = db().selectFrom("invoiceCheckouts").select("id").where("invoiceId", "=", invoiceId).where("status", "=", "open");
  if (sessionId) query = query.where("id", "=", sessionId);
  return Boolean(await query.executeTakeFirst());
}
