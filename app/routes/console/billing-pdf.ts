import type { Route } from "./+types/billing-pdf";
import { requireStaff } from "~/server/auth/session.server";
import { attachmentResponse } from "~/server/http/attachment.server";
import { refusalResponse } from "~/server/http/refusal.server";
import { invoicePdf } from "~/server/models/billing/invoice-delivery.server";
import { getInvoice } from "~/server/models/billing/invoices-read.server";

// The PDF stored at issue, as a download: the same bytes every time (invoice-delivery.server.ts).

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "billing");
  try {
    await getInvoice({ id: params.id });
    const { bytes, filename } = await invoicePdf(params.id);
    return attachmentResponse(new Uint8Array(bytes), { filename, contentType: "application/pdf" });
  } catch (error) {
    throw refusalResponse(error);
  }
}
