import type { Route } from "./+types/company";
import { answerApi } from "./api.server";

// /companies/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/companies/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/companies/{id}", params);
