import type { Route } from "./+types/application";
import { answerApi } from "./api.server";

// /applications/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/applications/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/applications/{id}", params);
