import type { Route } from "./+types/milestones";
import { answerApi } from "./api.server";

// /milestones: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/milestones");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/milestones");
