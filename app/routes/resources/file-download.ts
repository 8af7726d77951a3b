import type { Route } from "./+types/file-download";
import { downloadResponse } from "../+shared/downloads.server";

/**
 * A file version, streamed as an attachment (never inline), resumable with Range and
 * checked with its ETag. Another company's version is 404 like an unknown one. Audited once per
 * download: the request that starts at byte 0, not each resumed slice. The production server
 * answers this URL before React Router with the same decision (routes/+shared/downloads.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return downloadResponse(request, { kind: "file", id: params.id, preview: false });
}
