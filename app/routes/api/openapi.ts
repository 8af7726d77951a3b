import { openApiDocument } from "~/lib/api/openapi";
import { getEnv } from "~/server/env.server";

// The OpenAPI 3.1 document of /api/v1 (decision 0104), made from the same table and schemas the API
// answers with. Public: it describes the API and holds no data; every operation needs a token.

let cached: string | undefined;

export function loader() {
  cached ??= JSON.stringify(openApiDocument(getEnv().APP_URL));
  return new Response(cached, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
