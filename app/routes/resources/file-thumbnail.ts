import type { Route } from "./+types/file-thumbnail";
import { downloadResponse } from "../+shared/downloads.server";

/** The server-made WebP preview of an image version, for the same people as the file. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return downloadResponse(request, { kind: "file", id: params.id, preview: true });
}
