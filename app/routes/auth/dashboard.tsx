import { href, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { getSessionUser } from "~/server/auth/session.server";

// SPEC §2: guests to /login, company e-mails to /employee-dashboard, everyone else /user-dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const search = new URL(request.url).search;
  if (!user) throw redirect("/login");
  throw redirect(`${user.role === "employee" ? href("/employee-dashboard") : href("/user-dashboard")}${search}`);
}

export default function Dashboard() {
  return null;
}
