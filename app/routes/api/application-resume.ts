import type { Route } from "./+types/application-resume";
import { answerApi } from "./api.server";

// /applications/{id}/resume (GET only; other methods get a 405 problem): the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/applications/{id}/resume", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/applications/{id}/resume", params);
