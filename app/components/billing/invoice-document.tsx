import type { InvoiceDocument as Doc, InvoiceParty } from "~/lib/invoice-document";
import { correctsLine, documentDate, documentHeading, INVOICE_LABELS as L, taxNoteText, totalRows } from "~/lib/invoice-text";
import { formatMinorUnits, formatQuantity, formatTaxRate } from "~/lib/money-format";

// The portal's view of an invoice or credit note: the same InvoiceDocument, labels and money
// formatting as the PDF stored at issue (server/documents/invoice-pdf.server.ts), as a page.

const MUTED = "text-slate-600 dark:text-slate-400";
const CELL = "px-3 py-2";
const NUM = `${CELL} text-right tabular-nums`;

function Party({ label, party }: { label: string; party: InvoiceParty }) {
  return (
    <div>
      <h3 className={`text-xs font-semibold tracking-wide uppercase ${MUTED}`}>{label}</h3>
      <p className="mt-1 font-semibold text-slate-900 dark:text-white">{party.name}</p>
      <address className={`text-sm not-italic ${MUTED}`}>
        {party.addressLines.map((text, i) => (
          <span key={i} className="block">
            {text}
          </span>
        ))}
        {party.taxId ? <span className="block">{`${L.taxId}: ${party.taxId}`}</span> : null}
        {party.email ? <span className="block">{party.email}</span> : null}
      </address>
    </div>
  );
}

function Section({ title, lines, link }: { title: string; lines: string[]; link?: string }) {
  const body = lines.filter((t) => t.trim() !== "");
  if (body.length === 0) return null;
  return (
    <section className="mt-6">
      <h3 className={`text-xs font-semibold tracking-wide uppercase ${MUTED}`}>{title}</h3>
      {body.map((text, i) => (
        <p key={i} className="mt-1 text-sm whitespace-pre-line text-slate-800 dark:text-slate-200">
          {link ? (
            <a className="font-medium text-brand-700 underline dark:text-brand-300" href={link}>
              {text}
            </a>
          ) : (
            text
          )}
        </p>
      ))}
    </section>
  );
}

/** The whole document: parties, dates, lines, tax summary, totals, notes, how to pay. */
export function InvoiceDocumentView({ doc }: { doc: Doc }) {
  const money = (minor: number) => formatMinorUnits(minor, doc.currency, doc.locale);
  const rate = (bp: number) => formatTaxRate(bp, doc.locale);
  const corrects = correctsLine(doc);
  return (
    <article aria-labelledby="invoice-heading" className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <p className="text-2xl font-semibold text-brand-700 dark:text-brand-300">{doc.agency.name}</p>
        <div className="text-right">
          <h2 id="invoice-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
            {documentHeading(doc)}
          </h2>
          <dl className={`mt-1 text-sm ${MUTED}`}>
            <div>
              <dt className="inline">{L.issueDate}: </dt>
              <dd className="inline">{documentDate(doc.issueDate, doc.locale)}</dd>
            </div>
            <div>
              <dt className="inline">{L.dueDate}: </dt>
              <dd className="inline">{documentDate(doc.dueDate, doc.locale)}</dd>
            </div>
          </dl>
          {corrects ? <p className={`text-sm ${MUTED}`}>{corrects}</p> : null}
        </div>
      </header>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Party label={L.from} party={doc.agency} />
        <Party label={L.billTo} party={doc.client} />
      </div>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{L.linesCaption}</caption>
          <thead className="border-b border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300">
            <tr>
              <th scope="col" className={CELL}>
                {L.description}
              </th>
              {[L.quantity, L.unitPrice, L.taxRate, L.net].map((label) => (
                <th key={label} scope="col" className={NUM}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
            {doc.lines.map((item, i) => (
              <tr key={i}>
                <td className={`${CELL} whitespace-pre-line`}>
                  {item.description}
                  {item.work ? (
                    <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400" data-testid="line-work">
                      For: {item.work}
                    </span>
                  ) : null}
                </td>
                <td className={NUM}>{formatQuantity(item.quantityMilli, doc.locale)}</td>
                <td className={NUM}>{money(item.unitPrice)}</td>
                <td className={NUM}>{rate(item.taxRateBp)}</td>
                <td className={NUM}>{money(item.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <table className="text-left text-sm">
          <caption className={`text-left text-xs font-semibold tracking-wide uppercase ${MUTED}`}>{L.taxSummary}</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">{L.taxRate}</th>
              <th scope="col">{L.taxableAmount}</th>
              <th scope="col">{L.taxAmount}</th>
            </tr>
          </thead>
          <tbody className="text-slate-800 dark:text-slate-200">
            {doc.taxSummary.map((row) => (
              <tr key={row.taxRateBp}>
                <th scope="row" className="py-1 pr-3 font-normal">{`${L.tax} ${rate(row.taxRateBp)}`}</th>
                <td className={`py-1 pr-3 ${MUTED}`}>{`${L.taxableAmount} ${money(row.net)}`}</td>
                <td className={`py-1 ${MUTED}`}>{`${L.taxAmount} ${money(row.tax)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="text-sm sm:justify-self-end">
          {totalRows(doc).map((row) => (
            <div
              key={row.label}
              className={`flex justify-between gap-8 py-0.5 ${row.strong ? "text-base font-semibold text-brand-700 dark:text-brand-300" : ""}`}
            >
              <dt className={row.strong ? "" : MUTED}>{row.label}</dt>
              <dd className="text-right tabular-nums">{row.amount}</dd>
            </div>
          ))}
        </dl>
      </div>
      {doc.taxNote ? <Section title={L.tax} lines={[taxNoteText(doc.taxNote)]} /> : null}
      <Section title={L.notes} lines={doc.notes ? [doc.notes] : []} />
      <Section title={L.terms} lines={doc.terms ? [doc.terms] : []} />
      <Section title={L.paymentInstructions} lines={doc.paymentInstructions} />
      {doc.payUrl ? <Section title={L.payOnline} lines={[doc.payUrl]} link={doc.payUrl} /> : null}
    </article>
  );
}
