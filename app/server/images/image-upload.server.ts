import { ACCEPTED_IMAGES_TEXT, IMAGE_MAX_BYTES } from "~/lib/images";
import { Refusal } from "~/lib/refusal";
import { fileStore, type FileStore } from "~/server/storage/storage.server";
import { MalformedUpload, parseUploadForm, UploadRejected, type PendingFile } from "~/server/uploads/project-upload.server";

// A form posting one image (field "file") and its text fields: the workspace's streamed multipart
// reader (size capped while streaming, executables refused on their first bytes, every temp file
// gone on a refusal), with the image limit. The image rules proper are storeImage's.

export const IMAGE_FIELD = "file";

export interface ImageForm {
  fields: Record<string, string>;
  /** The received file, waiting for storeImage (which consumes it) or `discard`. */
  file: PendingFile | null;
  discard(): Promise<void>;
}

/** Reads the form; a body refused while streaming (too large, a program, cut off) throws `Refusal("invalid")` on "file". */
export async function readImageForm(request: Request, store: FileStore = fileStore()): Promise<ImageForm> {
  try {
    const upload = await parseUploadForm(
      request,
      { maxFiles: 1, maxFileBytes: IMAGE_MAX_BYTES, fileField: IMAGE_FIELD, acceptedText: ACCEPTED_IMAGES_TEXT },
      store,
    );
    return { fields: upload.fields, file: upload.files[0] ?? null, discard: upload.discardAll };
  } catch (error) {
    if (error instanceof UploadRejected || error instanceof MalformedUpload) {
      const refusal = new Refusal(
        "invalid",
        error instanceof UploadRejected && error.reason === "count" ? "Upload one image at a time." : error.message,
        {
          field: "file",
        },
      );
      received.set(refusal, error.fields);
      throw refusal;
    }
    throw error;
  }
}

const received = new WeakMap<Refusal, Record<string, string>>();

/** The text fields a refused image form had sent before its refusal (empty when none): to answer with what was typed. */
export function receivedFields(refusal: unknown): Record<string, string> {
  return (refusal instanceof Refusal && received.get(refusal)) || {};
}

export function isMultipartForm(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "");
}
