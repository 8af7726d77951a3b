import type { Route } from "./+types/employee-dashboard";
import { CurrentHomeDashboardToggle } from "~/components/home-dashboard-toggle";
import { LogoutButton } from "~/components/logout-button";
import { requireStaff } from "~/server/session.server";

export function meta() {
  return [{ title: "Employee Dashboard | Indigo Kite Technologies" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { email: user.email };
}

// The staff console grows here (issue 5); the heading and Logout stay.
export default function EmployeeDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-16">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="section-title">Employee Dashboard</h1>
        <div className="flex items-center gap-2">
          <CurrentHomeDashboardToggle />
          <LogoutButton />
        </div>
      </div>
      <p className="mt-4 text-slate-700 dark:text-slate-300">This is a placeholder employee dashboard.</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Signed in as {loaderData.email}</p>
    </div>
  );
}
