import { createHash } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from "~/lib/attachments";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { tempFileName } from "~/server/storage/temp-files.server";
import { refusalMessage, sanitizeFileName, sniffFileKind, withKindExtension } from "./file-kinds.server";
import type { ParsedUpload, PendingFile } from "./project-upload.server";

// Decision 0096: a mail's attachments pass the checks a support form's files pass (the type sniffed
// from the bytes, the size and count limits), then `withStoredAttachments` stores them the same way.
// What is refused is listed with its reason, never stored.

export interface MailFile {
  filename?: string;
  content: Buffer;
}

export interface RefusedFile {
  name: string;
  reason: string;
}

/** The acceptable files as a ParsedUpload in the store's temp dir, and the refused ones with why. */
export async function stageMailFiles(
  files: readonly MailFile[],
  store: FileStore = fileStore(),
): Promise<{ upload: ParsedUpload; refused: RefusedFile[] }> {
  const pending: PendingFile[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const name = sanitizeFileName(file.filename ?? "attachment");
    if (pending.length >= ATTACHMENT_MAX_FILES) {
      refused.push({ name, reason: `Only ${ATTACHMENT_MAX_FILES} files are taken with one message.` });
      continue;
    }
    if (file.content.length > ATTACHMENT_MAX_BYTES) {
      refused.push({ name, reason: `“${name}” is larger than 25 MB.` });
      continue;
    }
    const tempPath = path.join(store.tempDir(), tempFileName("part"));
    await writeFile(tempPath, file.content, { mode: 0o600 });
    const sniffed = await sniffFileKind(tempPath, name);
    if (!sniffed.ok) {
      await rm(tempPath, { force: true });
      refused.push({ name, reason: refusalMessage(sniffed.reason, name) });
      continue;
    }
    const discard = () => rm(tempPath, { force: true });
    pending.push({
      tempPath,
      name: withKindExtension(name, sniffed.kind),
      size: file.content.length,
      sha256: createHash("sha256").update(file.content).digest("hex"),
      kind: sniffed.kind,
      contentType: sniffed.contentType,
      commit: (key) => store.putFromFile(key, tempPath, sniffed.contentType),
      discard,
    });
  }
  return {
    upload: { fields: {}, files: pending, discardAll: () => Promise.all(pending.map((f) => f.discard())).then(() => undefined) },
    refused,
  };
}
