import { requireClient, requireStaff, requireUser } from "~/server/auth/session.server";
import type { ServerResponse } from "node:http";
import {
  answerResponse,
  fileAnswer,
  openAnswerBody,
  startsAtFirstByte,
  writeAnswer,
  type FileAnswer,
  type StoredFile,
} from "~/server/http/send-file.server";
import type { AttachmentFile } from "~/lib/attachments";
import { getAttachment, getAttachmentForStaff, recordAttachmentDownload } from "~/server/models/support/attachments.server";
import { downloadName, findFileVersion, isCurrentVersion, recordFileDownload } from "~/server/models/projects/project-files.server";
import { FileNotFound, fileStore, type OpenedFile } from "~/server/storage/storage.server";
import { THUMBNAIL_CONTENT_TYPE } from "~/server/uploads/thumbnails.server";
import { requireFilesActor } from "./files-actor.server";
import { companyScope } from "~/server/models/shared/company-scope.server";

// The four private-file URLs (a project file version, an attachment, and their previews),
// decided in one place for both ways they are answered (decision 0040): React Router's resource
// routes (`downloadResponse`, dev and any fallback), and server/app.ts, which writes the same answer
// straight to node:http so 50 MB do not cross the Fetch stream bridge twice. Guard first, then the
// owner-scoped row, the Range/ETag answer, the opened bytes and the audit: only the writing differs.

export type DownloadTarget = { kind: "file" | "attachment"; id: string; preview: boolean };

/** A decided download: the answer and its opened bytes (null when none are sent). */
export interface PreparedDownload {
  answer: FileAnswer;
  body: OpenedFile | null;
}

const TARGET = /^\/(files|attachments)\/([A-Za-z0-9_-]{1,64})(\/thumbnail)?$/;

/** The download a URL path names, or null (anything else, e.g. a `.data` request, is React Router's). */
export function downloadTargetOf(pathname: string): DownloadTarget | null {
  const match = TARGET.exec(pathname);
  if (!match) return null;
  return { kind: match[1] === "files" ? "file" : "attachment", id: match[2]!, preview: match[3] !== undefined };
}

const notFound = (target: DownloadTarget) =>
  new Response(
    target.kind === "attachment"
      ? "No such attachment."
      : target.preview
        ? "There is no thumbnail for this file."
        : "There is no such file.",
    {
      status: 404,
      statusText: "Not found",
    },
  );

interface Located {
  file: StoredFile;
  inline?: boolean;
  /** Audits a download that starts at its first byte. */
  audit?: () => Promise<void>;
}

/** Guard and owner-scoped lookup; throws the guard's answer (sign-in redirect, 403) or 404. */
async function locate(request: Request, target: DownloadTarget): Promise<Located | null> {
  if (target.kind === "file") {
    const actor = await requireFilesActor(request);
    const version = await findFileVersion(actor, target.id);
    if (!version) return null;
    if (target.preview) {
      if (!version.thumbnailKey) return null;
      const stat = await fileStore().stat(version.thumbnailKey);
      if (!stat) return null;
      const name = version.name.replace(/\.[^.]+$/, "");
      return {
        file: {
          key: version.thumbnailKey,
          size: stat.size,
          sha256: `${version.sha256}-thumb`,
          contentType: THUMBNAIL_CONTENT_TYPE,
          filename: `${name}-preview.webp`,
        },
      };
    }
    const filename = downloadName(version, await isCurrentVersion(version));
    return {
      file: { key: version.storageKey, size: version.size, sha256: version.sha256, contentType: version.contentType, filename },
      audit: () => recordFileDownload(actor, version),
    };
  }
  // Attachments: a member sees only their company's (anything else is 404, never 403); staff need
  // the support area.
  const user = await requireUser(request);
  let file: AttachmentFile | undefined;
  let audit: () => Promise<void>;
  if (user.role === "client") {
    const reader = await requireClient(request);
    file = await getAttachment({ id: target.id, companyId: reader.companyId });
    audit = () => recordAttachmentDownload(reader, "client", file!);
  } else {
    const reader = await requireStaff(request, "support");
    file = await getAttachmentForStaff({ id: target.id, scope: await companyScope(reader) });
    audit = () => recordAttachmentDownload(reader, "staff", file!);
  }
  if (!file) return null;
  if (target.preview) {
    if (!file.thumbnailKey) return null;
    const stat = await fileStore().stat(file.thumbnailKey);
    if (!stat) return null;
    // A preview is the server's own WebP: shown inline in an <img>, still never sniffed or cached.
    return {
      file: {
        key: file.thumbnailKey,
        size: stat.size,
        sha256: `${file.sha256}-thumb`,
        contentType: THUMBNAIL_CONTENT_TYPE,
        filename: `${file.name}-preview.webp`,
      },
      inline: true,
    };
  }
  return {
    file: { key: file.storageKey, size: file.size, sha256: file.sha256, contentType: file.contentType, filename: file.name },
    audit,
  };
}

/**
 * Everything but the writing: the guard (throws its redirect or 403 Response), the row (404 for
 * another company's, like an unknown id), the answer for the request's Range/ETag headers, the
 * opened bytes, and the audit of a download that starts at its first byte (previews and resumed
 * slices are not audited). On a thrown audit the opened bytes are closed again.
 */
export async function prepareDownload(request: Request, target: DownloadTarget): Promise<PreparedDownload> {
  const located = await locate(request, target);
  if (!located) throw notFound(target);
  const answer = fileAnswer(request.method, (name) => request.headers.get(name), located.file, { inline: located.inline });
  let body: OpenedFile | null;
  try {
    body = await openAnswerBody(fileStore(), located.file, answer);
  } catch (error) {
    if (error instanceof FileNotFound) throw notFound(target);
    throw error;
  }
  if (located.audit && request.method === "GET" && startsAtFirstByte(answer)) {
    try {
      await located.audit();
    } catch (error) {
      await body?.close();
      throw error;
    }
  }
  return { answer, body };
}

/** The React Router half: the prepared download as a Fetch Response (thrown answers propagate). */
export async function downloadResponse(request: Request, target: DownloadTarget): Promise<Response> {
  const { answer, body } = await prepareDownload(request, target);
  return answerResponse(answer, body);
}

/**
 * The node:http half (server/app.ts): the same decision written straight to `res`, the bytes going
 * from the store into the socket. Resolves with the Response to send instead when the answer is not
 * the file (the guard's redirect or 403, a 404), or null once the file was sent.
 */
export async function writeDownload(request: Request, target: DownloadTarget, res: ServerResponse): Promise<Response | null> {
  let prepared: PreparedDownload;
  try {
    prepared = await prepareDownload(request, target);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  await writeAnswer(res, prepared.answer, prepared.body);
  return null;
}
