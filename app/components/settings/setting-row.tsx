/** One row of a settings list (portal Settings, console My account): what it is, then its controls. */
export function SettingRow({ title, detail, children }: { title: string; detail: string; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-4 py-5">
      <div>
        <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{detail}</p>
      </div>
      {children}
    </li>
  );
}
