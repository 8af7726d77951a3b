import { href, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireUser } from "~/server/auth/session.server";

// SPEC §2: guests to /login, company e-mails to /employee-dashboard, everyone else /user-dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  // requireUser: guests to /login, a Google sign-in still owing its code to the step-up page.
  const user = await requireUser(request);
  const search = new URL(request.url).search;
  throw redirect(`${user.role === "employee" ? href("/employee-dashboard") : href("/user-dashboard")}${search}`);
}

export default function Dashboard() {
  return null;
}
