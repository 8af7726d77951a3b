import { Form } from "react-router";
import { computeTotals, type Totals } from "~/lib/money";
import { formatMinorUnits, formatQuantity, formatTaxRate } from "~/lib/money-format";
import type { ProposalContent } from "~/lib/proposals";

// A proposal's price as its client reads it: the items (the optional ones ticked in a GET form of
// their own while it is open), the tax summary, the total and the deposit. Without JavaScript,
// "Update total" sends the ticks in the URL and the page comes back with their total.

export const ITEMS_FORM = "proposal-items";

export function ProposalPrice({
  content,
  chosen,
  onToggle,
  open,
  withButton,
  totals,
  deposit,
  locale,
}: {
  content: ProposalContent;
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  open: boolean;
  /** "Update total", for a page without JavaScript. */
  withButton: boolean;
  totals: Totals;
  deposit: number;
  locale: string;
}) {
  const money = (minor: number) => formatMinorUnits(minor, content.currency, locale);
  return (
    <section aria-labelledby="price-heading" className="mb-6">
      <h2 id="price-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Price
      </h2>
      {open ? <Form id={ITEMS_FORM} method="get" replace preventScrollReset /> : null}
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-600">
              <th scope="col" className="py-2 pr-4">
                Item
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Unit price
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Tax
              </th>
              <th scope="col" className="py-2 text-right">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {content.items.map((item) => {
              const included = !item.optional || chosen.includes(item.id);
              const net = computeTotals([item], 0).lines[0]?.net ?? 0;
              return (
                <tr key={item.id} className="border-b border-slate-200 dark:border-slate-700">
                  <td className="py-2 pr-4">
                    {item.optional && open ? (
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          form={ITEMS_FORM}
                          name="items"
                          value={item.id}
                          checked={included}
                          onChange={(e) => onToggle(item.id, e.target.checked)}
                        />
                        {item.description} <span className="text-slate-600 dark:text-slate-400">(optional)</span>
                      </label>
                    ) : (
                      <>
                        {item.description}
                        {item.optional ? (
                          <span className="text-slate-600 dark:text-slate-400"> (optional{included ? "" : ", not chosen"})</span>
                        ) : null}
                      </>
                    )}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatQuantity(item.quantityMilli, locale)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{money(item.unitPrice)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatTaxRate(item.taxRateBp, locale)}</td>
                  <td className="py-2 text-right tabular-nums">{money(net)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ml-auto grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {totals.taxSummary.map((row) => (
          <div key={row.taxRateBp} className="contents">
            <dt>Net at {formatTaxRate(row.taxRateBp, locale)} tax</dt>
            <dd className="text-right tabular-nums">{money(row.net)}</dd>
            <dt>Tax at {formatTaxRate(row.taxRateBp, locale)}</dt>
            <dd className="text-right tabular-nums">{money(row.tax)}</dd>
          </div>
        ))}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="proposal-total" aria-live="polite">
          {money(totals.total)}
        </dd>
        {content.depositBp > 0 ? (
          <>
            <dt>Deposit ({content.depositBp / 100} %) on acceptance</dt>
            <dd className="text-right tabular-nums" data-testid="proposal-deposit">
              {money(deposit)}
            </dd>
          </>
        ) : null}
      </dl>
      {withButton ? (
        <p className="mt-2 text-right">
          <input type="hidden" form={ITEMS_FORM} name="choose" value="1" />
          <button type="submit" form={ITEMS_FORM} className="btn-secondary">
            Update total
          </button>
        </p>
      ) : null}
    </section>
  );
}
