import { rm } from "node:fs/promises";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, type StoredAttachment } from "~/lib/attachments";
import { newId } from "~/lib/ids";
import { logger } from "~/server/logger.server";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { MalformedUpload, parseUploadForm, UploadRejected, type ParsedUpload } from "./project-upload.server";
import { resumeIntent, type ResumeIntent } from "./resume-intents.server";
import { renderThumbnail, THUMBNAIL_CONTENT_TYPE, thumbnailKey } from "./thumbnails.server";

// A support form with files: the project files' upload pipeline (streamed
// multipart, per-file cap while streaming, allow-list sniffed from the bytes, SHA-256, WebP
// thumbnails) with the support limits, then two-phase storing like resumes: each key goes to an
// intent file before its bytes go to the store; the intents are cleared once the rows commit; a
// crash in between is undone at the next start (recoverResumeIntents in server/app.ts).

export const ATTACHMENT_FIELD = "attachments";

/** A support form as posted: its text fields, and the files it carried waiting to be stored. */
export interface SupportForm {
  formData: FormData;
  upload: ParsedUpload | null;
}

export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
}

/**
 * A multipart support form, or the message of its refusal (too many, too large, a refused kind,
 * cut off): nothing of a refused form is kept.
 */
export async function readAttachmentForm(request: Request, store: FileStore = fileStore()): Promise<SupportForm | { refused: string }> {
  try {
    const upload = await parseUploadForm(
      request,
      { maxFiles: ATTACHMENT_MAX_FILES, maxFileBytes: ATTACHMENT_MAX_BYTES, fileField: ATTACHMENT_FIELD },
      store,
    );
    const formData = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) formData.append(name, value);
    return { formData, upload };
  } catch (error) {
    if (error instanceof UploadRejected)
      return { refused: error.reason === "count" ? `Attach at most ${ATTACHMENT_MAX_FILES} files.` : error.message };
    if (error instanceof MalformedUpload) return { refused: error.message };
    throw error;
  }
}

export const attachmentKey = (id: string) => `attachments/${id}`;

/** Stored bytes waiting for their rows. */
interface StagedAttachments {
  files: StoredAttachment[];
  /** The rows committed: the intents go, the bytes stay. */
  committed(): Promise<void>;
  /** The rows did not commit: the bytes and the intents go. */
  rollback(): Promise<void>;
}

/**
 * Puts each received file (and a WebP thumbnail for images) into the store under a fresh key,
 * each key noted in an intent first. Any failure removes what was stored and throws.
 */
async function storeAttachments(upload: ParsedUpload, store: FileStore): Promise<StagedAttachments> {
  const intents: ResumeIntent[] = [];
  const storedKeys: string[] = [];
  const files: StoredAttachment[] = [];
  const put = async (key: string, tempPath: string, contentType: string) => {
    const intent = resumeIntent(store);
    intents.push(intent);
    await intent.note(key);
    await store.putFromFile(key, tempPath, contentType);
    storedKeys.push(key);
  };
  const rollback = async () => {
    await Promise.all(
      storedKeys.map((key) => store.delete(key).catch((error: unknown) => logger.error({ err: error, key }, "attachment cleanup failed"))),
    );
    await Promise.all(intents.map((intent) => intent.clear()));
  };
  try {
    for (const file of upload.files) {
      const id = newId();
      const key = attachmentKey(id);
      let thumbKey: string | null = null;
      const thumbnail = await renderThumbnail(file.tempPath, file.kind, store);
      if (thumbnail) {
        try {
          await put(thumbnailKey(key), thumbnail, THUMBNAIL_CONTENT_TYPE);
          thumbKey = thumbnailKey(key);
        } finally {
          await rm(thumbnail, { force: true });
        }
      }
      await put(key, file.tempPath, file.contentType);
      files.push({
        id,
        name: file.name,
        storageKey: key,
        size: file.size,
        contentType: file.contentType,
        kind: file.kind,
        sha256: file.sha256,
        thumbnailKey: thumbKey,
      });
    }
  } catch (error) {
    await rollback();
    await upload.discardAll();
    throw error;
  }
  return { files, committed: () => Promise.all(intents.map((intent) => intent.clear())).then(() => undefined), rollback };
}

/**
 * Stores the form's files, runs `write` (the transaction that inserts their rows with the message)
 * and settles the intents. When `write` throws (a refusal: the request is unknown or closed) or
 * writes nothing (answers undefined: a blank reply), nothing stays stored. With no files it is just `write([])`.
 */
export async function withStoredAttachments<T>(
  upload: ParsedUpload | null,
  write: (files: StoredAttachment[]) => Promise<T>,
  store: FileStore = fileStore(),
): Promise<T> {
  if (!upload || upload.files.length === 0) return write([]);
  const staged = await storeAttachments(upload, store);
  let result: T;
  try {
    result = await write(staged.files);
  } catch (error) {
    await staged.rollback();
    throw error;
  }
  if (result === undefined) await staged.rollback();
  else await staged.committed();
  return result;
}
