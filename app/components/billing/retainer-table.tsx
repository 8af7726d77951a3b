import { Form, href, Link, useNavigation } from "react-router";
import { RuledTableHead } from "~/components/console/list-table";
import { ConfirmStep, DangerSubmit } from "~/components/console/confirm-step";
import { ActionMessage } from "~/components/forms/action-message";
import { CalendarTime } from "~/components/time";
import type { FormResult } from "~/lib/form-result";
import { formatMinorUnits } from "~/lib/money-format";
import { RETAINER_INTERVAL_LABELS, retainerModeLabel, type RetainerRow } from "~/lib/retainers";
import { usePlace } from "~/lib/use-place";

const LINK = "font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300";

/**
 * Retainers as a table. With `stopping` (Billing → Retainers) each running one has "Stop…", whose
 * confirmation is a page state (?stop=<id>), so it works without JavaScript; a company's page
 * shows the same table without it.
 */
export function RetainerTable({
  retainers,
  caption,
  showCompany = true,
  stopping,
}: {
  retainers: RetainerRow[];
  caption: string;
  showCompany?: boolean;
  stopping?: { self: string; confirming: string | null; outcome?: FormResult };
}) {
  const { locale } = usePlace();
  const navigation = useNavigation();
  const columns = [...(showCompany ? ["Client"] : []), "For", "Amount", "Every", "Next invoice", "Mode", "Status"];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <RuledTableHead columns={columns} actions={stopping !== undefined} />
        <tbody className="divide-y divide-slate-200 text-slate-800 dark:divide-slate-800 dark:text-slate-200">
          {retainers.map((r) => {
            const outcome = stopping?.outcome?.targetId === r.id ? stopping.outcome : undefined;
            const pending = navigation.state !== "idle" && navigation.formData?.get("id") === r.id;
            return (
              <tr key={r.id} className="align-top" data-testid="retainer-row">
                {showCompany ? (
                  <td className="py-3 pr-4">
                    <span className="font-medium">{r.companyName}</span>
                  </td>
                ) : null}
                <td className="py-3 pr-4">
                  {r.description || "—"}
                  {r.lines > 1 ? <span className="text-slate-600 dark:text-slate-400"> and {r.lines - 1} more</span> : null}
                  {r.lastInvoiceId ? (
                    <div className="text-xs text-slate-600 dark:text-slate-400">
                      Last:{" "}
                      <Link to={href("/employee-dashboard/billing/:id", { id: r.lastInvoiceId })} className={LINK}>
                        {r.lastInvoiceNumber ?? "draft"}
                      </Link>
                    </div>
                  ) : null}
                </td>
                <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
                  {r.total === null ? "Too large" : formatMinorUnits(r.total, r.currency, locale)}
                  <span className="sr-only"> ({r.currency})</span>
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">{RETAINER_INTERVAL_LABELS[r.interval]}</td>
                <td className="py-3 pr-4 whitespace-nowrap">{r.active ? <CalendarTime date={r.nextRunOn} /> : "—"}</td>
                <td className="py-3 pr-4">{retainerModeLabel(r.autoIssue)}</td>
                <td className="py-3 pr-4">
                  {r.active ? (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                      Running
                    </span>
                  ) : (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                      Stopped
                    </span>
                  )}
                </td>
                {stopping ? (
                  <td className="py-3">
                    {!r.active ? null : stopping.confirming === r.id ? (
                      <Form method="post" action={stopping.self}>
                        <input type="hidden" name="intent" value="stop" />
                        <input type="hidden" name="id" value={r.id} />
                        <ConfirmStep
                          id={`stop-question-${r.id}`}
                          question={`Stop the ${r.interval} retainer of ${r.companyName}? No more invoices are written from it; those already written stay.`}
                          cancelTo={stopping.self}
                        >
                          <DangerSubmit pending={pending} label="Stop retainer" pendingLabel="Stopping..." />
                        </ConfirmStep>
                      </Form>
                    ) : (
                      <Link
                        to={`${stopping.self}?stop=${encodeURIComponent(r.id)}`}
                        className="btn-secondary px-3 py-1.5"
                        aria-label={`Stop the ${r.interval} retainer of ${r.companyName}`}
                        preventScrollReset
                      >
                        Stop…
                      </Link>
                    )}
                    {outcome ? (
                      <div className="mt-2">
                        <ActionMessage outcome={outcome} />
                      </div>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
