import { isRefusal } from "~/lib/refusal";
import { readRawBody } from "~/server/http/form-data.server";
import { logger } from "~/server/logger.server";
import { events } from "~/server/events/bus.server";
import { applyCardEvent, invoiceOfCardEvent } from "~/server/models/billing/apply-card-event.server";
import { billingStaffIds } from "~/server/models/billing/card-reversals.server";
import { processStripeEvent } from "~/server/models/billing/stripe-events.server";
import { publishNotified } from "~/server/models/notifications/notifications.server";
import { notifyMailEnqueued } from "~/server/mail/outbox.server";
import { cardPaymentFromEvent } from "~/server/payments/card-events.server";
import { onlinePaymentsEnabled, verifyStripeWebhook } from "~/server/payments/stripe.server";

/** What records a card payment or refund: `applyCardEvent`, or a stand-in in tests. */
export type ApplyCardEvent = typeof applyCardEvent;

// An event of ours is a few kB (one line item); 1 MiB as for forms, never read past it.
const WEBHOOK_MAX_BYTES = 1024 * 1024;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * Verifies the delivery on its raw bytes, claims its event once and records what it means: 400
 * with the reason for a bad signature, 200 once recorded, ignored or already seen, 503 for a refund
 * whose payment is not in yet and 500 for a failure (Stripe retries both; nothing was kept).
 */
export async function answerStripeWebhook(request: Request, apply: ApplyCardEvent = applyCardEvent): Promise<Response> {
  if (!onlinePaymentsEnabled()) return answer(404, { error: "Online card payment is off." });
  const body = await readRawBody(request, WEBHOOK_MAX_BYTES);
  let event;
  try {
    event = await verifyStripeWebhook(body, request.headers.get("stripe-signature"));
  } catch (error) {
    if (!isRefusal(error)) throw error;
    logger.warn({ reason: error.message }, "stripe webhook refused");
    return answer(400, { error: error.message });
  }
  const outcome = cardPaymentFromEvent(event);
  const log = { stripeEvent: event.id, type: event.type };
  try {
    const result = await processStripeEvent(event, async (trx) =>
      outcome.kind === "ignored" ? `ignored: ${outcome.reason}` : await apply(trx, outcome),
    );
    if (result.status === "refused") logger.error({ ...log, reason: result.reason }, "stripe event refused by the books");
    else if (outcome.kind === "ignored" && outcome.ours) logger.error({ ...log, reason: outcome.reason }, "stripe event unreadable");
    else logger.info({ ...log, result: result.status === "processed" ? result.outcome : result.status }, "stripe event");
    if (outcome.kind !== "ignored" && result.status === "processed" && result.outcome === "recorded") await announce(outcome);
    return answer(200, { received: true, ...result });
  } catch (error) {
    if (isRefusal(error, "not-found")) {
      logger.warn({ ...log, reason: error.message }, "stripe event waits for its payment; Stripe retries");
      return answer(503, { error: error.message });
    }
    logger.error({ ...log, err: error }, "stripe event not recorded; Stripe retries");
    return answer(500, { error: "Not recorded; retry." });
  }
}

/**
 * After commit: the company's portal streams reload the invoice, and for a dispute the mails
 * queued for finance staff go and their bells update (a failure here loses no payment).
 */
async function announce(outcome: Parameters<ApplyCardEvent>[1]): Promise<void> {
  try {
    const invoice = await invoiceOfCardEvent(outcome);
    if (invoice) events().publish({ type: "invoice.changed", id: invoice.id, companyId: invoice.companyId });
    if (outcome.kind === "dispute") {
      notifyMailEnqueued();
      publishNotified(await billingStaffIds());
    }
  } catch (error) {
    logger.warn({ err: error }, "invoice change not announced");
  }
}
