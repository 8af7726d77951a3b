import type { Route } from "./+types/billing-pdf";
import { isRefusal } from "~/lib/refusal";
import { attachmentResponse } from "~/server/http/attachment.server";
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
    return attachmentResponse(new Uint8Array(bytes), { filename, contentType: "application/pdf" });
  } catch (error) {
    if (isRefusal(error)) throw refusalResponse(error, "Not found");
    throw error;
  }
}
