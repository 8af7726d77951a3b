import type { Route } from "./+types/auth-api";
import { auth } from "~/server/auth.server";

// Better Auth's HTTP endpoints (Google sign-in redirect and callback, session checks). Its own
// origin check and rate limiter apply here.
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
