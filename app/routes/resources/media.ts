import type { Route } from "./+types/media";
import { mediaResponse } from "~/server/images/media-response.server";

/** An uploaded image's server-made variant: public, immutable (app/server/images/). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return mediaResponse(request, params.file);
}
