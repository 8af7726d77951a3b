import { parentPort } from "node:worker_threads";
import type { PdfJob } from "./pdf-job.server";
import { renderPdf } from "./pdf-job.server";

// The PDF worker thread's entry (render-off-thread.server.ts starts it): pdfkit lays out and writes
// a document synchronously, so a render runs here, never on the thread that answers requests.
// Bundled to build/pdf-worker.js by scripts/build-node.mjs; run from source under tsx in tests.

parentPort?.on("message", (message: { id: number; job: PdfJob }) => {
  renderPdf(message.job).then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      parentPort?.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
