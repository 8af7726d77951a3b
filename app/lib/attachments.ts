import { ACCEPTED_FILES_TEXT } from "./file-kinds";

// Issue 17 part 4: files on support requests and replies, under the project files' allow-list.
// Shared by the forms and the server.

export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 25 * 1000 * 1000;
export const ATTACHMENT_HINT = `Up to ${ATTACHMENT_MAX_FILES} files, 25 MB each. Accepted: ${ACCEPTED_FILES_TEXT}`;
export const ATTACHMENTS_NEED_TEXT = "Write a message to send with the files.";

export const attachmentHref = (id: string) => `/attachments/${id}`;
export const attachmentThumbnailHref = (id: string) => `/attachments/${id}/thumbnail`;

/**
 * Which portal form a post came from, in its URL: a refused upload is refused before its fields
 * are read, and the page without JavaScript must still show the message in the right form.
 */
export const REPLY_TARGET_PARAM = "reply";
