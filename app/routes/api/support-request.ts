import type { Route } from "./+types/support-request";
import { answerApi } from "./api.server";

// /support-requests/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/support-requests/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/support-requests/{id}", params);
