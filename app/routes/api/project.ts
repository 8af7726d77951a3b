import type { Route } from "./+types/project";
import { answerApi } from "./api.server";

// /projects/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/projects/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/projects/{id}", params);
