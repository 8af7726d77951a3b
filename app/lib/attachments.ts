import { ACCEPTED_FILES_TEXT } from "./file-kinds";

// Files on support requests and replies, under the project files' allow-list.
// Shared by the forms and the server.

export const ATTACHMENT_MAX_FILES = 5;
/** 25 MB as SPEC and formatBytes count them. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;
export const ATTACHMENT_HINT = `Up to ${ATTACHMENT_MAX_FILES} files, 25 MB each. Accepted: ${ACCEPTED_FILES_TEXT}`;
export const ATTACHMENTS_NEED_TEXT = "Write a message to send with the files.";

/** A file as a message shows it: a download link, images with a small server-made preview. */
export interface AttachmentItem {
  id: string;
  name: string;
  size: number;
  kind: string;
  hasThumbnail: boolean;
}

/** What the portal and the console show under a message. */
export interface AttachmentView extends AttachmentItem {
  /** null: on the request itself; else the reply it came with. */
  replyId: string | null;
}

/** The stored bytes of an upload, as its row keeps them: a project file's version and an attachment alike. */
export interface StoredFileColumns {
  storageKey: string;
  size: number;
  contentType: string;
  /** The type sniffed from the bytes (app/server/uploads/file-kinds.server.ts). */
  kind: string;
  /** Hex SHA-256 of the bytes: the download's ETag. */
  sha256: string;
  /** A server-made WebP preview for image kinds; never the original. */
  thumbnailKey: string | null;
}

/** A file already in the store, waiting for its row (app/server/models/attachments.server.ts writes it). */
export interface StoredAttachment extends StoredFileColumns {
  id: string;
  name: string;
}

/** A stored attachment with the request it is on, for the download routes' checks. */
export interface AttachmentFile extends StoredAttachment {
  complaintId: string;
  companyId: string | null;
}

export const attachmentHref = (id: string) => `/attachments/${id}`;
export const attachmentThumbnailHref = (id: string) => `/attachments/${id}/thumbnail`;

/**
 * Which portal form a post came from, in its URL: a refused upload is refused before its fields
 * are read, and the page without JavaScript must still show the message in the right form.
 */
export const REPLY_TARGET_PARAM = "reply";
