import type { Route } from "./+types/projects";
import { answerApi } from "./api.server";

// /projects: the operations of app/lib/api/operations.ts for this path (decision 0104).
export const loader = ({ request }: Route.LoaderArgs) => answerApi(request, "/projects");
export const action = ({ request }: Route.ActionArgs) => answerApi(request, "/projects");
