import type { Route } from "./+types/billing-pdf";
import { requireStaff } from "~/server/auth/session.server";
import { attachmentResponse } from "~/server/http/attachment.server";
import { companyScope } from "~/server/models/shared/company-scope.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { invoicePdf } from "~/server/models/billing/invoice-delivery.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";

// The PDF stored at issue, as a download: the same bytes every time (invoice-delivery.server.ts).

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "billing");
  try {
    await getInvoice({ id: params.id, scope: await companyScope(user) });
    const { bytes, filename } = await invoicePdf(params.id);
    return attachmentResponse(new Uint8Array(bytes), { filename, contentType: "application/pdf" });
  } catch (error) {
    throw refusalResponse(error);
  }
}
