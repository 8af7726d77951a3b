import type { Route } from "./+types/lead";
import { answerApi } from "./api.server";

// /leads/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/leads/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/leads/{id}", params);
