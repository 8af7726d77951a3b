import { parentPort } from "node:worker_threads";
import type { InvoiceDocument } from "~/lib/invoice-document";
import { renderInvoicePdf } from "./invoice-pdf.server";

// The PDF worker thread's entry (render-off-thread.server.ts starts it): pdfkit lays out and writes
// a document synchronously, so a render runs here, never on the thread that answers requests.
// Bundled to build/pdf-worker.js by scripts/build-node.mjs; run from source under tsx in tests.

parentPort?.on("message", (message: { id: number; doc: InvoiceDocument }) => {
  renderInvoicePdf(message.doc).then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      parentPort?.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
