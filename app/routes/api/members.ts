import type { Route } from "./+types/members";
import { answerApi } from "./api.server";

// /members (GET only; other methods get a 405 problem): the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/members");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/members");
