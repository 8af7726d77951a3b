import { isRefusal } from "~/lib/refusal";
import type { Trx } from "~/server/db/db.server";
import { writeTransaction } from "~/server/db/write-transaction.server";

// Stripe delivers each webhook event at least once, to whichever instance answers (decision 0084).
// The event's id is claimed in the same transaction that records what it means, so a second
// delivery, here or at another instance, finds it taken and records nothing; a delivery whose
// recording fails leaves no claim, and Stripe's retry gets another go.

/** Takes the event for this transaction: false when it was already taken (a duplicate delivery). */
export async function claimStripeEvent(trx: Trx, event: { id: string; type: string }, receivedAt = Date.now()): Promise<boolean> {
  const inserted = await trx
    .insertInto("stripeEvents")
    .values({ id: event.id, type: event.type, receivedAt, processedAt: null, outcome: null })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

async function settle(trx: Trx, id: string, outcome: string): Promise<void> {
  await trx
    .updateTable("stripeEvents")
    .set({ outcome: outcome.slice(0, 500), processedAt: Date.now() })
    .where("id", "=", id)
    .execute();
}

export type StripeEventResult =
  | { status: "duplicate" }
  | { status: "processed"; outcome: string }
  /** The books said no for good (a void invoice, another currency): kept, never retried. */
  | { status: "refused"; reason: string };

/**
 * Claims `event` and runs `work` in one write transaction; `work` returns the outcome to keep
 * ("recorded", "ignored: …"). A refusal that no retry can change (anything but not-found) is kept
 * as "refused: …" in a transaction of its own, `work`'s writes undone. Not-found (a refund whose
 * payment has not arrived yet) and every other error are thrown: nothing is kept, Stripe retries.
 */
export async function processStripeEvent(
  event: { id: string; type: string },
  work: (trx: Trx) => Promise<string>,
): Promise<StripeEventResult> {
  const receivedAt = Date.now();
  try {
    return await writeTransaction(async (trx): Promise<StripeEventResult> => {
      if (!(await claimStripeEvent(trx, event, receivedAt))) return { status: "duplicate" };
      const outcome = await work(trx);
      await settle(trx, event.id, outcome);
      return { status: "processed", outcome };
    });
  } catch (error) {
    if (!isRefusal(error) || error.kind === "not-found") throw error;
    return writeTransaction(async (trx): Promise<StripeEventResult> => {
      if (!(await claimStripeEvent(trx, event, receivedAt))) return { status: "duplicate" };
      await settle(trx, event.id, `refused: ${error.message}`);
      return { status: "refused", reason: error.message };
    });
  }
}

/** What became of an event, for the logs and tests: undefined when it was never kept. */
export async function stripeEventOutcome(trx: Trx, id: string): Promise<string | null | undefined> {
  const row = await trx.selectFrom("stripeEvents").select("outcome").where("id", "=", id).executeTakeFirst();
  return row?.outcome;
}
