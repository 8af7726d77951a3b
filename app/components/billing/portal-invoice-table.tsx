import { Link } from "react-router";
import { boxedCell, ListTable } from "~/components/console/list-table";
import { CalendarTime } from "~/components/time";
import { invoiceStatusLabel } from "~/lib/billing-portal";
import { portalInvoiceLink } from "~/lib/links";
import { formatMinorUnits } from "~/lib/money-format";

export interface PortalInvoiceRow {
  id: string;
  kind: string;
  number: string | null;
  status: string;
  overdue: boolean;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  total: number;
  balance: number;
}

const COLUMNS = ["Number", "Issued", "Due", "Total", "Balance", "Status"] as const;

/** The portal's invoices, one row each, the number linking to the invoice's page. */
export function PortalInvoiceTable({
  caption,
  invoices,
  locale,
  empty,
}: {
  caption: string;
  invoices: PortalInvoiceRow[];
  locale: string;
  empty: string;
}) {
  return (
    <ListTable
      boxed
      caption={caption}
      columns={COLUMNS}
      items={invoices}
      empty={empty}
      row={(inv) => (
        <tr key={inv.id}>
          <td className={boxedCell}>
            <Link
              to={portalInvoiceLink(inv.id)}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {inv.number ?? "—"}
            </Link>
            {inv.kind === "credit-note" ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">credit note</span> : null}
          </td>
          <td className={boxedCell}>{inv.issueDate ? <CalendarTime date={inv.issueDate} /> : "—"}</td>
          <td className={boxedCell}>{inv.dueDate ? <CalendarTime date={inv.dueDate} /> : "—"}</td>
          <td className={`${boxedCell} text-right tabular-nums`}>{formatMinorUnits(inv.total, inv.currency, locale)}</td>
          <td className={`${boxedCell} text-right tabular-nums`}>{formatMinorUnits(inv.balance, inv.currency, locale)}</td>
          <td className={boxedCell}>
            <span className={inv.overdue ? "font-semibold text-red-700 dark:text-red-300" : undefined}>{invoiceStatusLabel(inv)}</span>
          </td>
        </tr>
      )}
    />
  );
}
