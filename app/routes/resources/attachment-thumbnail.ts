import type { Route } from "./+types/attachment-thumbnail";
import { downloadResponse } from "../+shared/downloads.server";

/** The server-made WebP preview of an image attachment; same readers as the file itself. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return downloadResponse(request, { kind: "attachment", id: params.id, preview: true });
}
