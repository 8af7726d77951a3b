import { data, href, useSearchParams } from "react-router";
import type { Route } from "./+types/billing-invoice";
import { InvoiceDraftView } from "~/components/billing/invoice-draft-view";
import { InvoiceIssuedView } from "~/components/billing/invoice-issued-view";
import { InvoiceStatusBadge } from "~/components/billing/invoice-status";
import { ConsoleEditPage } from "~/components/console/edit-page";
import { SectionError } from "~/components/console/section-error";
import { ActionMessage } from "~/components/forms/action-message";
import { CHANGES_FAILURE } from "~/lib/console-failures";
import { keepFailureInForm } from "~/lib/form-failure";
import { isRefusal } from "~/lib/refusal";
import { privateMeta } from "~/lib/seo";
import { requireStaff } from "~/server/auth/session.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { agencyToday } from "~/server/brand/locale.server";
import { readForm } from "~/server/http/form-data.server";
import { requireIntent } from "~/server/http/form-result.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { staffInvoiceDocument } from "~/server/models/billing/invoice-console.server";
import { linkableWork } from "~/server/models/billing/invoice-links.server";
import { listPayments } from "~/server/models/billing/invoice-payments.server";
import { getInvoice, listInvoices } from "~/server/models/billing/invoices-read.server";
import { INVOICE_INTENTS, invoiceAction } from "./billing-invoice.server";

// One invoice in the console. A draft is its editor (components/billing/invoice-draft-view.tsx); an
// issued invoice or credit note is its document with the staff's actions on it (invoice-issued-view.tsx).

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  const today = await agencyToday();
  const scope = await companyScope(user);
  const invoice = await getInvoice({ id: params.id, today, scope }).catch((error: unknown) => {
    if (isRefusal(error)) throw data(error.message, { status: 404, statusText: "Invoice not found" });
    throw error;
  });
  if (invoice.status === "draft") {
    const work = await linkableWork({ companyId: invoice.companyId });
    return { invoice, today, work, doc: null, payments: [], creditNotes: [] };
  }
  const [doc, payments, credit] = await Promise.all([
    staffInvoiceDocument(invoice.id),
    listPayments({ invoiceId: invoice.id }),
    invoice.kind === "invoice" ? listInvoices({ correctsInvoiceId: invoice.id, today, scope }) : Promise.resolve({ invoices: [] }),
  ]);
  return { invoice, today, work: [], doc, payments, creditNotes: credit.invoices };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "billing");
  const formData = await readForm(request);
  const intent = requireIntent(formData, INVOICE_INTENTS);
  try {
    return await invoiceAction(user, params.id, intent, formData);
  } catch (error) {
    throw refusalResponse(error);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return privateMeta(`${loaderData?.invoice.number ?? "Draft invoice"} | Billing`, matches);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keepFailureInForm(request, serverAction, CHANGES_FAILURE);
}

/** The confirmation a redirect after issuing, crediting or voiding carries in its query. */
function noticeOf(search: URLSearchParams): string | undefined {
  if (search.get("issued")) return `Invoice ${search.get("issued")} issued: its number and amounts are final.`;
  if (search.get("credited")) return `Credit note ${search.get("credited")} issued.`;
  if (search.get("voided")) return "Invoice voided.";
  return undefined;
}

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, doc, payments, creditNotes, today, work } = loaderData;
  const [search] = useSearchParams();
  const self = href("/employee-dashboard/billing/:id", { id: invoice.id });
  const outcomeOf = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const notice = noticeOf(search);
  return (
    <ConsoleEditPage
      headingId="invoice-heading-console"
      backTo={href("/employee-dashboard/billing")}
      backLabel="← All invoices"
      title={invoice.number ?? `Draft for ${invoice.companyName}`}
      badges={<InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />}
    >
      {notice && !actionData ? (
        <div className="mb-6">
          <ActionMessage outcome={{ status: "success", message: notice }} />
        </div>
      ) : null}
      {invoice.status === "draft" ? (
        <InvoiceDraftView invoice={invoice} work={work} today={today} self={self} outcomeOf={outcomeOf} />
      ) : (
        <InvoiceIssuedView
          invoice={invoice}
          doc={doc}
          payments={payments}
          creditNotes={creditNotes}
          today={today}
          self={self}
          outcomeOf={outcomeOf}
        />
      )}
    </ConsoleEditPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SectionError error={error} backTo={href("/employee-dashboard/billing")} backLabel="Back to Billing" />;
}
