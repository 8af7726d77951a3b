import type { Route } from "./+types/member";
import { answerApi } from "./api.server";

// /members/{id} (GET only; other methods get a 405 problem): the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/members/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/members/{id}", params);
