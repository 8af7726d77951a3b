import type { InvoiceDocument } from "~/lib/invoice-document";
import type { SignedProposalDocument } from "~/lib/proposal-document";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { renderSignedProposalPdf } from "./proposal-pdf.server";

// The documents the PDF worker renders, one message shape for all of them.

export type PdfJob = { kind: "invoice"; doc: InvoiceDocument } | { kind: "signed-proposal"; doc: SignedProposalDocument };

export function renderPdf(job: PdfJob): Promise<Buffer> {
  return job.kind === "invoice" ? renderInvoicePdf(job.doc) : renderSignedProposalPdf(job.doc);
}
