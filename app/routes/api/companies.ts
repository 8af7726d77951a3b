import type { Route } from "./+types/companies";
import { answerApi } from "./api.server";

// /companies: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/companies");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/companies");
