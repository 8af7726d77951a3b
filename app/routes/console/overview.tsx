import type { Route } from "./+types/overview";
import { requireStaff } from "~/server/session.server";

// The console's landing section; counts and charts arrive with the overview work (issue 5).
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function ConsoleOverview() {
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        Overview
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">This is a placeholder employee dashboard.</p>
    </section>
  );
}
