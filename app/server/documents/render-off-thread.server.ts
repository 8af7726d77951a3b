import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { InvoiceDocument } from "~/lib/invoice-document";
import type { SignedProposalDocument } from "~/lib/proposal-document";
import type { PdfJob } from "./pdf-job.server";

// Issuing must never hold the event loop over 50 ms; a 50-line invoice takes pdfkit
// 50–200 ms of synchronous work (layout, then the fonts written at the end). So the render runs in
// one worker thread, started on the first PDF and stopped after a minute without one (its fonts
// cost memory the server does not otherwise hold). Where no worker file can be found the render
// runs in this thread, and says so once in the log (decision 0083).

const IDLE_MS = 60_000;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The worker's file: from the TypeScript source under tsx when this module runs from source
 * (tests, scripts), so a build left behind by an older checkout is never used; else the production
 * bundle's build/pdf-worker.js.
 */
function workerFile(): { file: string; execArgv: string[] } | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const source = path.join(here, "pdf-worker.server.ts");
  if (existsSync(source)) return { file: source, execArgv: ["--import", "tsx"] };
  const built = [process.argv[1] ? path.join(path.dirname(process.argv[1]), "pdf-worker.js") : "", path.resolve("build/pdf-worker.js")];
  for (const file of built) if (file && existsSync(file)) return { file, execArgv: [] };
  return null;
}

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function startWorker(): Worker | null {
  const found = workerFile();
  if (!found) return null;
  const started = new Worker(found.file, { execArgv: found.execArgv });
  started.unref();
  started.on("message", (message: { id: number; bytes?: Uint8Array; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.bytes) waiting.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else waiting.reject(new Error(message.error ?? "the PDF worker failed"));
    scheduleIdleStop();
  });
  started.on("error", (error) => failAll(error));
  started.on("exit", (code) => {
    if (worker === started) worker = null;
    if (pending.size > 0) failAll(new Error(`the PDF worker stopped (exit code ${code})`));
  });
  return started;
}

function scheduleIdleStop(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker) void worker.terminate();
  }, IDLE_MS);
  idleTimer.unref();
}

/** A PDF rendered off the request thread (in this thread only where no worker can start). */
function renderOffThread(job: PdfJob): Promise<Buffer> {
  worker ??= startWorker();
  // pdfkit and its fonts are loaded here only, on the first PDF: a start does not pay for them.
  if (!worker) return import("./pdf-job.server").then(({ renderPdf }) => renderPdf(job));
  const id = nextId++;
  const current = worker;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    current.postMessage({ id, job });
  });
}

/** The invoice's PDF, rendered off the request thread. */
export function renderInvoicePdfOffThread(doc: InvoiceDocument): Promise<Buffer> {
  return renderOffThread({ kind: "invoice", doc });
}

/** The signed proposal's PDF (with its certificate page), rendered off the request thread. */
export function renderSignedProposalPdfOffThread(doc: SignedProposalDocument): Promise<Buffer> {
  return renderOffThread({ kind: "signed-proposal", doc });
}

/** Stops the worker (tests, shutdown). */
export async function stopPdfWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  const current = worker;
  worker = null;
  if (current) await current.terminate();
}
