import type { Route } from "./+types/milestone";
import { answerApi } from "./api.server";

// /milestones/{id}: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request, params }: Route.LoaderArgs) => answerApi(request, "/milestones/{id}", params);
export const action = ({ request, params }: Route.ActionArgs) => answerApi(request, "/milestones/{id}", params);
