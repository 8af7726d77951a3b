import type { Route } from "./+types/applications";
import { answerApi } from "./api.server";

// /applications (GET only; other methods get a 405 problem): the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/applications");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/applications");
