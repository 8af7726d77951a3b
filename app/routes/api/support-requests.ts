import type { Route } from "./+types/support-requests";
import { answerApi } from "./api.server";

// /support-requests (GET only; other methods get a 405 problem): the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/support-requests");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/support-requests");
