import type { Route } from "./+types/leads";
import { answerApi } from "./api.server";

// /leads: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/leads");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/leads");
