import type { Route } from "./+types/attachment-download";
import { downloadResponse } from "../+shared/downloads.server";

/**
 * A support attachment, for the members of the request's company and for staff
 * with the support area; another company's attachment answers 404 like an unknown one. Always a
 * download (never inline), with Range and ETag (app/server/http/send-file.server.ts). The
 * production server answers this URL before React Router with the same decision (routes/+shared/downloads.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return downloadResponse(request, { kind: "attachment", id: params.id, preview: false });
}
