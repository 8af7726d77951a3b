import { href, Link } from "react-router";

/** A settings page's way back, its heading (the section's name, by `headingId`) and what it is for. */
export function SettingsPageHeader({ headingId, title, intro }: { headingId: string; title: string; intro: string }) {
  return (
    <>
      <Link
        to={href("/employee-dashboard/settings")}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        ← Settings
      </Link>
      <h2 id={headingId} className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-400">{intro}</p>
    </>
  );
}
