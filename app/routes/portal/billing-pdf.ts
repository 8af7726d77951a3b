import type { Route } from "./+types/billing-pdf";
import { isRefusal } from "~/lib/refusal";
import { refusalResponse } from "~/server/http/refusal.server";
import { invoicePdf } from "~/server/models/billing/invoice-delivery.server";
import { getCompanyInvoice } from "~/server/models/billing/invoices-read.server";
import { requireBillingMember } from "./billing.server";

/** The PDF stored at issue, as an attachment: the same bytes the mail carried. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireBillingMember(request);
  try {
    // Access first: another company's invoice, or a draft, is not found; invoicePdf is unscoped.
    await getCompanyInvoice({ id: params.id, companyId: user.companyId });
    const { bytes, filename } = await invoicePdf(params.id);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
        "Content-Length": String(bytes.length),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    throw error;
  }
}
