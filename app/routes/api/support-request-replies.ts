import type { Route } from "./+types/support-request-replies";
import { answerApi } from "./api.server";

// /support-requests/{id}/replies: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/support-requests/{id}/replies", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/support-requests/{id}/replies", params);
