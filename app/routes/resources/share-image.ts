import type { Route } from "./+types/share-image";
import { shareImageResponse } from "~/server/models/site/share-image.server";

/** The share image of the agency's pages (og:image): public, made from the brand in force. */
export async function loader({ request }: Route.LoaderArgs) {
  return shareImageResponse(request);
}
