import { formatInvoiceNumber, numberSeries } from "~/lib/billing-settings";
import type { InvoiceKind } from "~/lib/invoice-document";
import type { Trx } from "~/server/db/db.server";
import { getBillingSettings } from "./billing-settings.server";

// Decision 0082: the next number of a series, taken inside the transaction that issues. One
// statement both creates the series' counter and moves it on: on PostgreSQL it locks the counter's
// row until the issuing transaction ends (a second issuer waits, then sees the moved value); SQLite
// writes one transaction at a time. A transaction that fails after taking a number rolls the
// counter back with everything else, so numbers have no gaps and no duplicates.

/** Takes the next number of the kind's series for an issue on `issueDate` (YYYY-MM-DD, the agency's zone). */
export async function takeInvoiceNumber(trx: Trx, kind: InvoiceKind, issueDate: string): Promise<string> {
  const settings = await getBillingSettings(trx);
  const format = kind === "invoice" ? settings.invoiceNumberFormat : settings.creditNoteNumberFormat;
  const series = numberSeries(kind, format, issueDate);
  const row = await trx
    .insertInto("invoiceNumberCounters")
    .values({ series, nextValue: 2 })
    .onConflict((oc) => oc.column("series").doUpdateSet((eb) => ({ nextValue: eb("invoiceNumberCounters.nextValue", "+", 1) })))
    .returning("nextValue")
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(format, issueDate, Number(row.nextValue) - 1);
}
