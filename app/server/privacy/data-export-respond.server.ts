import type { Actor } from "~/server/auth/actor.server";
import { attachmentDisposition } from "~/server/http/attachment.server";
import { collectPersonExport, recordDataExport, type ExportSubject } from "~/server/models/privacy/data-export.server";
import { fileStore } from "~/server/storage/storage.server";
import { exportArchive } from "./data-export-archive.server";
import { safeSegment } from "../models/privacy/data-export-entry-names.server";
import { readmeText } from "./data-export-readme.server";
import { getBrand } from "~/server/brand/brand.server";

// The one answer of both "Download my data" routes (the member's own, and staff's
// subject access request). Called after the route's guard; `subject` is already scoped to a company.

export const NO_SUCH_MEMBER = "This person is not a member of this company.";

/**
 * The ZIP download of `subject`'s data, audited once as taken by `actor`: a private download like
 * the project files' (attachment, never sniffed, rendered or stored by a cache). HEAD answers the
 * headers only, reads no file and records nothing. 404 when the person is not in the company.
 */
export async function dataExportResponse(
  request: Request,
  actor: Actor,
  subject: ExportSubject,
  by: "self" | "staff",
  now = new Date(),
): Promise<Response> {
  const exported = await collectPersonExport(subject);
  if (!exported) throw new Response(NO_SUCH_MEMBER, { status: 404, statusText: "Not found" });
  const filename = `${safeSegment(exported.person.email, "my")}-data-${now.toISOString().slice(0, 10)}.zip`;
  const headers: Record<string, string> = {
    "Content-Type": "application/zip",
    "Content-Disposition": attachmentDisposition(filename),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  await recordDataExport(actor, exported, by);
  const archive = exportArchive(exported, readmeText(exported, now, by, await getBrand()), fileStore(), now, request.signal);
  return new Response(archive.body, { headers: { ...headers, "Content-Length": String(archive.size) } });
}
