import { open } from "node:fs/promises";
import { CFB_MAGIC } from "./cfb.server";
import { isDocx } from "./docx.server";
import { inspectLegacyOffice } from "./legacy-office.server";
import { isPlainPdf } from "./pdf.server";

export type ResumeKind = "pdf" | "doc" | "docx";

export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MAGICS = [PDF_MAGIC, ZIP_MAGIC, CFB_MAGIC];
export const HEAD_BYTES = 8;

/** Whether a file starting with `head` (at least HEAD_BYTES long) could still be a resume. */
export function couldBeResume(head: Buffer): boolean {
  return MAGICS.some((magic) => head.subarray(0, magic.length).equals(magic));
}

/** The resume kind from the file's real bytes, or null when it is none of PDF, DOC, DOCX. */
export async function sniffResume(filePath: string): Promise<ResumeKind | null> {
  const head = Buffer.alloc(HEAD_BYTES);
  const handle = await open(filePath, "r");
  try {
    await handle.read(head, 0, HEAD_BYTES, 0);
  } finally {
    await handle.close();
  }
  if (head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return (await isPlainPdf(filePath)) ? "pdf" : null;
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return (await isDocx(filePath)) ? "docx" : null;
  if (head.equals(CFB_MAGIC)) {
    // A Word file, and without macros, as a .docx must be (decision 0043).
    const verdict = await inspectLegacyOffice(filePath);
    return verdict.ok && verdict.kind === "doc" ? "doc" : null;
  }
  return null;
}
